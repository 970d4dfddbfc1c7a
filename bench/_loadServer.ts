/**
 * Child process of bench/load.ts: the embedded server on its own event loop, so the latency the benchmark
 * measures is the server's, not the benchmark's. Prints `{"url": ...}` once listening; stops on SIGTERM.
 */
import { startServer } from '../server/app';

async function main(): Promise<void> {
  const [notebookDir, confDir, outputLimit] = process.argv.slice(2);
  const server = await startServer({
    port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: `${confDir}/no-ui`,
    settings: { 'zeppelin.interpreter.output.limit': outputLimit },
  });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

void main();
