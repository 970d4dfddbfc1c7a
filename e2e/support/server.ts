/**
 * Starts the embedded server with a fresh copy of the sample notes and the built UI, on the jest worker's own port
 * when it is free, else on any.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { startServer, type RunningServer, type StartOptions } from '../../server/app';
import { workerPort } from './workerCache';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface TestServer extends RunningServer {
  notebookDir: string;
  confDir: string;
  webDir: string;
}

export interface TestServerOptions extends Pick<StartOptions, 'cronClock'> {
  /** Written to conf/shiro.ini: logins on, as with a real deployment's file. */
  shiroIni?: string;
  /** Start with the sample notes (default) or an empty notebook folder. */
  samples?: boolean;
  /** Copied into the notebook folder before the server starts: relative file name → file text. */
  files?: Record<string, string>;
}

export async function startTestServer(settings: Record<string, string> = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  // ZEPPELIN_WEB_DIR lets parallel work build into its own folder instead of dist/.
  const webDir = process.env.ZEPPELIN_WEB_DIR || path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`${webDir} has no built UI: run \`npm run build\` first`);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-e2e-'));
  const notebookDir = path.join(base, 'notebook');
  const confDir = path.join(base, 'conf');
  if (opts.samples === false) fs.mkdirSync(notebookDir);
  else fs.cpSync(path.join(ROOT, 'samples', 'notebook'), notebookDir, { recursive: true });
  for (const [name, text] of Object.entries(opts.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(notebookDir, name)), { recursive: true });
    fs.writeFileSync(path.join(notebookDir, name), text);
  }
  fs.mkdirSync(confDir);
  if (opts.shiroIni !== undefined) fs.writeFileSync(path.join(confDir, 'shiro.ini'), opts.shiroIni);
  const start = (port: number): Promise<RunningServer> =>
    startServer({ port, host: '127.0.0.1', notebookDir, confDir, webDir, settings, cronClock: opts.cronClock });
  // The worker's own port, so the browser's cache of the UI carries over from the last file (support/workerCache.ts).
  const port = await workerPort();
  const server = await start(port).catch((e: NodeJS.ErrnoException) => {
    // Taken between the check and the listen, by another test run on the machine: any port will do.
    if (port !== 0 && e.code === 'EADDRINUSE') return start(0);
    throw e;
  });
  return Object.assign(server, { notebookDir, confDir, webDir });
}
