/**
 * CLI entry: `npx tsx server/main.ts`. Reads ZEPPELIN_PORT, ZEPPELIN_ADDR, ZEPPELIN_NOTEBOOK_DIR,
 * ZEPPELIN_CONF_DIR, ZEPPELIN_UPSTREAM and ZEPPELIN_WEB_DIR, prints one ready line, and shuts down gracefully
 * (pending note writes finish) on SIGTERM/SIGINT.
 */
import { resolve } from 'node:path';
import { ZeppelinConfig } from './config';
import { startServer } from './app';
import { ShiroIniError } from './auth/shiro';

async function main(): Promise<void> {
  const env = process.env;
  const confDir = resolve(env.ZEPPELIN_CONF_DIR || './conf');
  // Site file and environment decide what the variables leave open (e.g. a port set only in zeppelin-site.xml).
  const config = ZeppelinConfig.load(confDir, env);
  const server = await startServer({
    port: config.getInt('zeppelin.server.port', 8080),
    host: config.getString('zeppelin.server.addr', '127.0.0.1'),
    notebookDir: resolve(config.getString('zeppelin.notebook.dir', 'notebook')),
    confDir,
    webDir: env.ZEPPELIN_WEB_DIR || undefined,
    upstream: env.ZEPPELIN_UPSTREAM || undefined,
  });
  // "Once it answers": one real request before announcing readiness.
  await fetch(new URL('api/version', server.url)).catch(() => undefined);
  console.log(`Zeppelin server is ready at ${server.url}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      console.error(`[server] second ${signal}: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('[server] shutdown failed:', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  // A shiro.ini mistake is the user's to fix: its file and line say everything, a stack trace would not help.
  if (e instanceof ShiroIniError) console.error(`[server] failed to start: ${e.message}`);
  else console.error('[server] failed to start:', e);
  process.exit(1);
});
