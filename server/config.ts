/**
 * Server configuration: built-in defaults < `$ZEPPELIN_CONF_DIR/zeppelin-site.xml` < environment < explicit overrides.
 * Values are kept as strings, as Zeppelin's ZeppelinConfiguration exposes them (LIST_CONFIGURATIONS sends strings).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

export const DEFAULTS: Readonly<Record<string, string>> = {
  'zeppelin.server.addr': '127.0.0.1',
  'zeppelin.server.port': '8080',
  'zeppelin.server.context.path': '/',
  'zeppelin.server.allowed.origins': '',
  'zeppelin.notebook.dir': 'notebook',
  'zeppelin.notebook.homescreen': '',
  'zeppelin.notebook.homescreen.hide': 'false',
  'zeppelin.notebook.collaborative.mode.enable': 'true',
  // Zeppelin's default is false and cron needs authentication there; this single-user server schedules by default.
  'zeppelin.notebook.cron.enable': 'true',
  'zeppelin.notebook.cron.folders': '',
  'zeppelin.notebook.storage': 'org.apache.zeppelin.notebook.repo.GitNotebookRepo',
  'zeppelin.notebook.versioned.mode.enable': 'true',
  'zeppelin.notebook.public': 'true',
  'zeppelin.websocket.max.text.message.size': '10240000',
  'zeppelin.websocket.paragraph_status_progress.enable': 'true',
  // Ours: bytes a websocket may have waiting to be sent before its connection is cut off (a consumer that stopped
  // reading must not hold memory without bound); its page reconnects and resyncs.
  'zeppelin.websocket.max.buffered.bytes': String(32 * 1024 * 1024),
  // Ours: the longest a confirmed paragraph edit, already in the note's write-ahead journal, waits before the note's
  // file is rewritten (once for every edit made meanwhile; at most 60000).
  'zeppelin.notebook.write.delay.ms': '1000',
  // Zeppelin ships with the job manager off; this server turns it on because the UI's job page is part of the app.
  'zeppelin.jobmanager.enable': 'true',
  'zeppelin.search.enable': 'true',
  'zeppelin.interpreter.output.limit': '102400',
  'zeppelin.interpreter.group.default': '',
  'zeppelin.server.xframe.options': 'SAMEORIGIN',
  // Ours: runs kept per paragraph for "Result history" (0 keeps none), and the bytes a note's kept runs may take.
  'zeppelin.notebook.result.history.max': '20',
  'zeppelin.notebook.result.history.max.bytes': String(16 * 1024 * 1024),
};

/** Zeppelin's env naming: key upper-cased with dots as underscores; a few historical aliases on top. */
const ENV_ALIASES: Readonly<Record<string, string>> = {
  ZEPPELIN_ADDR: 'zeppelin.server.addr',
  ZEPPELIN_PORT: 'zeppelin.server.port',
  ZEPPELIN_NOTEBOOK_DIR: 'zeppelin.notebook.dir',
  ZEPPELIN_NOTEBOOK_HOMESCREEN: 'zeppelin.notebook.homescreen',
  ZEPPELIN_ALLOWED_ORIGINS: 'zeppelin.server.allowed.origins',
  ZEPPELIN_WEBSOCKET_MAX_TEXT_MESSAGE_SIZE: 'zeppelin.websocket.max.text.message.size',
};

export const envNameOf = (key: string): string => key.toUpperCase().replace(/[.-]/g, '_');

type Property = { name?: unknown; value?: unknown };

/** Reads Zeppelin's Hadoop-style `<configuration><property><name/><value/></property></configuration>`. */
export function parseSiteXml(xml: string): Record<string, string> {
  const parser = new XMLParser({ parseTagValue: false, trimValues: true, isArray: (name) => name === 'property' });
  const doc = parser.parse(xml) as { configuration?: { property?: Property[] } };
  const out: Record<string, string> = {};
  for (const p of doc.configuration?.property ?? []) {
    if (typeof p.name !== 'string' || p.name === '') continue;
    out[p.name] = p.value === undefined || p.value === null ? '' : String(p.value);
  }
  return out;
}

/** Settings never shown to clients: passwords, keys, secrets, tokens and connection strings. */
export const isSecretKey = (key: string): boolean => /password|secret|token|encrypt.?key|private.?key|connectionstring/i.test(key);

export class ZeppelinConfig {
  private readonly values: Map<string, string>;

  constructor(values: Record<string, string>) {
    this.values = new Map(Object.entries(values));
  }

  static load(confDir: string, env: NodeJS.ProcessEnv = process.env, overrides: Record<string, string> = {}): ZeppelinConfig {
    const merged: Record<string, string> = { ...DEFAULTS };
    const site = join(confDir, 'zeppelin-site.xml');
    if (existsSync(site)) Object.assign(merged, parseSiteXml(readFileSync(site, 'utf8')));
    for (const key of new Set([...Object.keys(merged)])) {
      const v = env[envNameOf(key)];
      if (v !== undefined && v !== '') merged[key] = v;
    }
    for (const [name, key] of Object.entries(ENV_ALIASES)) {
      const v = env[name];
      if (v !== undefined && v !== '') merged[key] = v;
    }
    Object.assign(merged, overrides);
    return new ZeppelinConfig(merged);
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  getString(key: string, fallback = ''): string {
    return this.values.get(key) ?? fallback;
  }

  getInt(key: string, fallback: number): number {
    const n = Number.parseInt(this.values.get(key) ?? '', 10);
    return Number.isFinite(n) ? n : fallback;
  }

  getBool(key: string, fallback = false): boolean {
    const v = this.values.get(key);
    return v === undefined || v === '' ? fallback : v.trim().toLowerCase() === 'true';
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
  }

  /** Everything except secrets, as LIST_CONFIGURATIONS and `/api/configurations/all` expose it. */
  publicEntries(prefix = ''): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of [...this.values].sort(([a], [b]) => a.localeCompare(b))) {
      if (!k.startsWith(prefix) || isSecretKey(k)) continue;
      out[k] = v;
    }
    return out;
  }
}
