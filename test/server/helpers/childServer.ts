/**
 * The embedded server in a process of its own, for tests that kill it (kill -9) or measure its memory. Started by
 * `spawnServer`; prints one JSON line `{"url": ...}` when it listens. Over IPC, `rss` answers the resident set
 * size after a full garbage collection (the process runs with --expose-gc).
 */
import { startServer } from '../../../server/app';

async function main(): Promise<void> {
  const [notebookDir, confDir, settingsJson] = process.argv.slice(2);
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: `${confDir}/no-ui`, settings: JSON.parse(settingsJson ?? '{}') as Record<string, string> });
  process.on('message', (m) => {
    if (m !== 'rss') return;
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  });
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
}

void main();
