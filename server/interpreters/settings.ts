/**
 * Interpreter settings (PROTOCOL 4.6), kept in `$ZEPPELIN_CONF_DIR/interpreter.json` in Zeppelin's format
 * (`{interpreterSettings: {<id>: setting}, interpreterRepositories: []}`), written with the defaults below on
 * first start. Everything that asks "which interpreters exist" goes through InterpreterRegistry.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EditorSetting, InterpreterInfo, InterpreterOption, InterpreterProperty, InterpreterSetting } from '../../protocol';
import { atomicWriteSync } from '../storage/atomicWrite';
import { magicOf } from './magic';

export { magicOf } from './magic';

const defaultOption = (): InterpreterOption => ({
  remote: true, port: -1, perNote: 'shared', perUser: 'shared', isExistingProcess: false, setPermission: false, owners: [], isUserImpersonate: false,
});

const prop = (name: string, value: InterpreterProperty['value'], type: InterpreterProperty['type'], description: string): [string, InterpreterProperty] =>
  [name, { name, value, type, description }];

function setting(name: string, infos: InterpreterInfo[], properties: [string, InterpreterProperty][] = []): InterpreterSetting {
  return {
    id: name, name, group: name, properties: Object.fromEntries(properties), status: 'READY', interpreterGroup: infos, dependencies: [], option: defaultOption(),
  };
}

const info = (name: string, cls: string, editor: EditorSetting, defaultInterpreter = true): InterpreterInfo => ({
  name, class: cls, defaultInterpreter, editor,
});

export const SQL_EDITOR: EditorSetting = { language: 'sql', editOnDblClick: false, completionSupport: true };

/** Zeppelin's JDBC properties; a new setting of group jdbc (`%pg`, `%warehouse`) starts from these. */
const JDBC_PROPERTIES = (): [string, InterpreterProperty][] => [
  prop('default.url', 'jdbc:postgresql://localhost:5432/', 'string', 'The URL for JDBC: jdbc:postgresql://host:port/db, jdbc:mysql://… or jdbc:mariadb://…'),
  prop('default.user', '', 'string', 'The JDBC user name; when empty, your entry on the Credential page is used (entity "default" for the setting jdbc, else the setting\'s name)'),
  prop('default.password', '', 'password', 'The JDBC user password'),
  prop('default.driver', 'org.postgresql.Driver', 'string', 'JDBC Driver Name (shown only: the driver is chosen by the URL)'),
  prop('default.precode', '', 'textarea', 'SQL which executes while opening connection'),
  prop('default.statementPrecode', '', 'textarea', 'Runs before each run of the paragraph, in the same connection'),
  prop('default.splitQueries', true, 'checkbox', 'Each query is executed apart and returns the result'),
  prop('default.completer.ttlInSeconds', '120', 'number', 'Time to live sql completer in seconds (-1 to update everytime, 0 to disable update)'),
  prop('common.max_count', '1000', 'number', 'Max number of SQL result to display.'),
  prop('zeppelin.jdbc.query.timeout', '0', 'number', 'Seconds a paragraph\'s statements may run before they are cancelled on the server (0: no limit)'),
  prop('zeppelin.jdbc.interpolation', false, 'checkbox', 'Enable ZeppelinContext variable interpolation into paragraph text'),
  prop('zeppelin.jdbc.concurrent.use', true, 'checkbox', 'Use parallel scheduler'),
  prop('zeppelin.jdbc.concurrent.max_connection', '10', 'number', 'Number of concurrent execution (and of connections per user)'),
];

/** The interpreters this server offers; written to interpreter.json when none exists. */
export function builtinInterpreterSettings(): InterpreterSetting[] {
  return [
    setting('md', [info('md', 'org.apache.zeppelin.markdown.Markdown', { language: 'markdown', editOnDblClick: true, completionSupport: false })], [
      prop('markdown.parser.type', 'markdown-it', 'string', 'Markdown parser (markdown-it: CommonMark with tables, strikethrough and linkify)'),
    ]),
    setting('sh', [info('sh', 'org.apache.zeppelin.shell.ShellInterpreter', { language: 'sh', editOnDblClick: false, completionSupport: false })], [
      prop('shell.command.timeout.millisecs', '60000', 'number', 'Shell command time out in millisecs'),
      prop('shell.working.directory.user.home', false, 'checkbox', 'Run commands in the home directory of the server user (else the server\'s working directory)'),
    ]),
    setting('python', [
      info('python', 'org.apache.zeppelin.python.PythonInterpreter', { language: 'python', editOnDblClick: false, completionSupport: true }),
      info('ipython', 'org.apache.zeppelin.python.IPythonInterpreter', { language: 'python', editOnDblClick: false, completionSupport: true }, false),
    ], [
      prop('zeppelin.python', 'python3', 'string', 'Python executable (e.g. /usr/bin/python3 for the Debian python3-pandas/python3-matplotlib packages)'),
      prop('zeppelin.python.maxResult', '1000', 'number', 'Max number of dataframe rows z.show() displays'),
      prop('zeppelin.python.cancel.grace.millisecs', '3000', 'number', 'After an interrupt, how long to wait before the Python process is killed'),
      prop('zeppelin.python.useIPython', true, 'checkbox', 'Run %python through IPython when zeppelin.python can import it (magics, ! commands, display(), rich reprs)'),
    ]),
    setting('sql', [
      info('sql', 'DuckDBInterpreter', SQL_EDITOR),
      info('duckdb', 'DuckDBInterpreter', SQL_EDITOR, false),
    ], [
      prop('duckdb.database', ':memory:', 'string', 'DuckDB database: :memory: or a file path (relative paths are under the conf dir)'),
      prop('duckdb.threads', '', 'number', 'Threads DuckDB may use for a query (empty: one per core)'),
      prop('duckdb.memory_limit', '', 'string', "DuckDB's memory limit, e.g. 2GB (empty: DuckDB's default, 80% of the machine's memory)"),
      prop('duckdb.maxResult', '1000', 'number', 'Max number of rows a query displays'),
    ]),
    setting('js', [info('js', 'JavaScriptInterpreter', { language: 'javascript', editOnDblClick: false, completionSupport: true })], [
      prop('js.memory.mb', '256', 'number', 'Heap limit of the worker running the code'),
    ]),
    setting('jdbc', [info('sql', 'org.apache.zeppelin.jdbc.JDBCInterpreter', SQL_EDITOR)], JDBC_PROPERTIES()),
    // Zeppelin's angular group: the paragraph text is the ANGULAR result, and the editor hides on run.
    setting('angular', [
      info('angular', 'org.apache.zeppelin.angular.AngularInterpreter', { language: 'html', editOnDblClick: true, completionSupport: false }),
      info('ng', 'org.apache.zeppelin.angular.AngularInterpreter', { language: 'html', editOnDblClick: true, completionSupport: false }, false),
    ]),
  ];
}

function normalize(s: InterpreterSetting): InterpreterSetting {
  return {
    ...s,
    id: s.id ?? s.name,
    group: s.group ?? s.name,
    interpreterGroup: s.interpreterGroup ?? [],
    properties: s.properties ?? {},
    dependencies: s.dependencies ?? [],
    option: { ...defaultOption(), ...(s.option ?? {}) },
    status: s.status ?? 'READY',
  };
}

function readFile(file: string): InterpreterSetting[] {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { interpreterSettings?: Record<string, InterpreterSetting> } | InterpreterSetting[];
  const list = Array.isArray(doc) ? doc : Object.values(doc.interpreterSettings ?? {});
  return list.filter((s) => s && typeof s.name === 'string').map(normalize);
}

/** Loads interpreter.json, creating it with the built-in settings when absent; a broken file is reported and left alone. */
export function loadInterpreterSettings(confDir: string): InterpreterSetting[] {
  const file = join(confDir, 'interpreter.json');
  if (!existsSync(file)) {
    const defaults = builtinInterpreterSettings();
    try {
      writeInterpreterSettings(confDir, defaults);
    } catch (e) {
      console.warn(`[interpreters] cannot write ${file}: ${(e as Error).message}`);
    }
    return defaults;
  }
  try {
    return readFile(file);
  } catch (e) {
    console.warn(`[interpreters] cannot read ${file}: ${(e as Error).message}; using the built-in list`);
    return builtinInterpreterSettings();
  }
}

/** Reads the file's other top-level keys (the repositories) so a settings write keeps them. */
function readDocument(file: string): Record<string, unknown> {
  try {
    const doc: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Writes interpreter.json atomically; `patch` replaces top-level keys, the rest of the file is kept. */
export function writeInterpreterDocument(confDir: string, patch: Record<string, unknown>): void {
  mkdirSync(confDir, { recursive: true });
  const file = join(confDir, 'interpreter.json');
  const doc = { interpreterSettings: {}, interpreterRepositories: [], ...readDocument(file), ...patch };
  atomicWriteSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

export function readInterpreterDocument(confDir: string): Record<string, unknown> {
  return readDocument(join(confDir, 'interpreter.json'));
}

export function writeInterpreterSettings(confDir: string, settings: InterpreterSetting[]): void {
  writeInterpreterDocument(confDir, { interpreterSettings: Object.fromEntries(settings.map((s) => [s.id, s])) });
}

/** Property values as strings, the way interpreters read them. */
export function propertyValues(s: InterpreterSetting): Record<string, string> {
  return Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, p && typeof p === 'object' ? String(p.value ?? '') : String(p ?? '')]));
}

/** Language hints when a setting declares no editor (and for names this server has no setting for). */
const LANGUAGE_BY_NAME: Readonly<Record<string, EditorSetting>> = {
  md: { language: 'markdown', editOnDblClick: true, completionSupport: false },
  markdown: { language: 'markdown', editOnDblClick: true, completionSupport: false },
  python: { language: 'python', editOnDblClick: false, completionSupport: true },
  pyspark: { language: 'python', editOnDblClick: false, completionSupport: true },
  ipython: { language: 'python', editOnDblClick: false, completionSupport: true },
  angular: { language: 'html', editOnDblClick: true, completionSupport: false },
  ng: { language: 'html', editOnDblClick: true, completionSupport: false },
  sql: SQL_EDITOR,
  duckdb: SQL_EDITOR,
  sh: { language: 'sh', editOnDblClick: false, completionSupport: false },
  js: { language: 'javascript', editOnDblClick: false, completionSupport: true },
  javascript: { language: 'javascript', editOnDblClick: false, completionSupport: true },
};

export const TEXT_EDITOR: EditorSetting = { language: 'text', editOnDblClick: false };

export interface Resolved {
  setting: InterpreterSetting;
  info?: InterpreterInfo;
}

export class InterpreterRegistry {
  constructor(
    private settings: InterpreterSetting[],
    private readonly configuredDefault: string,
    private readonly confDir?: string,
  ) {}

  all(): InterpreterSetting[] {
    return this.settings;
  }

  replace(settings: InterpreterSetting[]): void {
    this.settings = settings;
  }

  byName(name: string): InterpreterSetting | undefined {
    return this.settings.find((s) => s.name === name);
  }

  byId(id: string): InterpreterSetting | undefined {
    return this.settings.find((s) => s.id === id);
  }

  /** Re-reads one setting from interpreter.json (a restart picks up hand edits); keeps memory if the file lacks it. */
  reloadFromDisk(id: string): InterpreterSetting | undefined {
    if (this.confDir) {
      const file = join(this.confDir, 'interpreter.json');
      try {
        const fresh = existsSync(file) ? readFile(file).find((s) => s.id === id) : undefined;
        if (fresh) this.settings = this.settings.map((s) => (s.id === id ? fresh : s));
      } catch (e) {
        console.warn(`[interpreters] cannot re-read ${file}: ${(e as Error).message}`);
      }
    }
    return this.byId(id);
  }

  /** Stores a changed setting in memory and in interpreter.json. */
  update(next: InterpreterSetting): void {
    const s = normalize(next);
    const exists = this.settings.some((x) => x.id === s.id);
    const all = exists ? this.settings.map((x) => (x.id === s.id ? s : x)) : [...this.settings, s];
    // The file first: a failed write leaves memory and disk agreeing on the old state.
    if (this.confDir) writeInterpreterSettings(this.confDir, all);
    this.settings = all;
  }

  /** Forgets a setting, in memory and in interpreter.json; false when there was none. */
  remove(id: string): boolean {
    if (!this.byId(id)) return false;
    const next = this.settings.filter((s) => s.id !== id);
    if (this.confDir) writeInterpreterSettings(this.confDir, next);
    this.settings = next;
    return true;
  }

  /** `zeppelin.interpreter.group.default` when set (Zeppelin's default is spark); else python, else the first. */
  defaultGroup(): string {
    if (this.configuredDefault) return this.configuredDefault;
    return this.byName('python')?.name ?? this.settings[0]?.name ?? 'python';
  }

  private defaultInfo(s: InterpreterSetting): InterpreterInfo | undefined {
    return s.interpreterGroup.find((i) => i.defaultInterpreter) ?? s.interpreterGroup[0];
  }

  /**
   * Resolution of PROTOCOL 5.3: `group.name`, then a name inside the note's default setting, then a setting name.
   * One step beyond Zeppelin: a bare name that is neither is looked up among every setting's interpreters, so
   * `%duckdb` reaches the `duckdb` interpreter of the sql setting (and shares its database).
   */
  resolve(magic: string | undefined, noteDefault: string | undefined): Resolved | undefined {
    const defaultSetting = this.byName(noteDefault ?? '') ?? this.byName(this.defaultGroup());
    if (!magic) {
      if (!defaultSetting) return undefined;
      return { setting: defaultSetting, info: this.defaultInfo(defaultSetting) };
    }
    const dot = magic.indexOf('.');
    if (dot > 0) {
      const group = this.byName(magic.slice(0, dot));
      const named = group?.interpreterGroup.find((i) => i.name === magic.slice(dot + 1));
      return group && named ? { setting: group, info: named } : undefined;
    }
    const inDefault = defaultSetting?.interpreterGroup.find((i) => i.name === magic);
    if (defaultSetting && inDefault) return { setting: defaultSetting, info: inDefault };
    const bySettingName = this.byName(magic);
    if (bySettingName) return { setting: bySettingName, info: this.defaultInfo(bySettingName) };
    for (const s of this.settings) {
      const found = s.interpreterGroup.find((i) => i.name === magic);
      if (found) return { setting: s, info: found };
    }
    return undefined;
  }

  /** EDITOR_SETTING: the resolved interpreter's declared editor, else a guess from the magic's name, else text. */
  editorFor(text: string | undefined, noteDefault: string | undefined): EditorSetting {
    const magic = magicOf(text);
    const resolved = this.resolve(magic, noteDefault);
    if (resolved?.info?.editor) return { ...resolved.info.editor };
    const names = magic ? [magic.slice(magic.lastIndexOf('.') + 1), magic.split('.')[0]] : [resolved?.setting.name ?? ''];
    for (const n of names) if (LANGUAGE_BY_NAME[n]) return { ...LANGUAGE_BY_NAME[n] };
    return { ...TEXT_EDITOR };
  }
}
