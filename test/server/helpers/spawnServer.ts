/** Starting and stopping helpers/childServer.ts from a test. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ChildServer {
  process: ChildProcess;
  url: string;
  wsUrl: string;
  origin: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** The server's resident set size after a full garbage collection, in bytes. */
  rss(): Promise<number>;
  /** kill -9 of the server and everything it started (git, interpreters): its whole process group. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Servers started and not yet gone, so a failed test can end them all (they run in their own process groups). */
const running = new Set<ChildServer>();

/** kill -9 of every server this test file started and did not stop; for afterAll. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.kill9()));
}

const exited = (p: ChildProcess): Promise<void> =>
  p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise((resolve) => p.once('exit', () => resolve()));

export async function spawnServer(notebookDir: string, confDir: string, settings: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(__dirname, 'childServer.ts'), notebookDir, confDir, JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true,
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  const server: ChildServer = {
    process: child,
    url,
    wsUrl: `${url.replace('http', 'ws')}ws`,
    origin: url.replace(/\/$/, ''),
    stderr: () => err,
    rss: () => new Promise((resolve) => {
      child.once('message', (m) => resolve((m as { rss: number }).rss));
      child.send('rss');
    }),
    kill9: async () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  running.add(server);
  child.once('exit', () => running.delete(server));
  return server;
}
