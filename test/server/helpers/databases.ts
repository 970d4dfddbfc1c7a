/**
 * Throwaway database servers for the `%jdbc` tests and benchmark: a PostgreSQL cluster or a MariaDB data directory
 * made in a temp dir from the Debian packages, listening on a free loopback port, stopped and deleted afterwards.
 *
 * Notes:
 * - Both servers refuse (PostgreSQL) or dislike (MariaDB) running as root; under root the server runs as the OS user
 *   its package created (`postgres`, `mysql`), and the temp dir is handed to that user.
 * - Each server has one superuser, `zeppelin` with password `zeppelin-admin`, and a database `zeppelin`.
 * - `missingDatabase()` says why a kind cannot run here, with the package to install, so tests skip with that reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type DbKind = 'postgresql' | 'mariadb';

export const ADMIN_USER = 'zeppelin';
export const ADMIN_PASSWORD = 'zeppelin-admin';
export const DATABASE = 'zeppelin';

export interface ThrowawayDb {
  kind: DbKind;
  host: string;
  port: number;
  /** `jdbc:postgresql://127.0.0.1:port/zeppelin` or `jdbc:mariadb://…`. */
  url: string;
  /** Runs SQL as the superuser on a connection of its own. */
  admin(sql: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';
const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';

function pgBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(PG_ROOT, versions[0], 'bin') : undefined;
}

/** PostgreSQL's own `psql`, for comparisons in the benchmarks. */
export const psqlPath = (): string | undefined => {
  const bin = pgBinDir();
  return bin && existsSync(join(bin, 'psql')) ? join(bin, 'psql') : undefined;
};

/** Why `kind` cannot run on this machine (with the install hint), or undefined when it can. */
export function missingDatabase(kind: DbKind): string | undefined {
  if (kind === 'postgresql') {
    return pgBinDir() ? undefined : `PostgreSQL is not installed (no ${PG_ROOT}/*/bin/initdb): sudo apt-get install -y postgresql`;
  }
  return existsSync(MARIADBD) && existsSync(INSTALL_DB) ? undefined : `MariaDB is not installed (no ${MARIADBD}): sudo apt-get install -y mariadb-server`;
}

/** The OS user the server runs as: ourselves, or under root the package's own user. */
function serverUser(name: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error(`running as root, the ${name} OS user is needed to run the database server; it comes with the Debian package`);
  return { uid, gid: id('-g') };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * How a server's programs are started: as `as`, with their temp files in the server's own dir (beside `log`), since
 * the test run's TMPDIR belongs to the user running the tests and another OS user cannot write there.
 */
function spawnOptions(as: { uid: number; gid: number } | undefined, log: string): { uid?: number; gid?: number; env: NodeJS.ProcessEnv } {
  return { ...(as ?? {}), env: { ...process.env, TMPDIR: dirname(log) } };
}

function run(cmd: string, args: string[], as: { uid: number; gid: number } | undefined, log: string): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...spawnOptions(as, log) });
  writeFileSync(log, `${r.stdout ?? ''}${r.stderr ?? ''}`, { flag: 'a' });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status ?? r.signal}): ${readFileSync(log, 'utf8').slice(-2000)}`);
}

function startDaemon(cmd: string, args: string[], as: { uid: number; gid: number } | undefined, log: string): ChildProcess {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions(as, log) });
  const append = (b: Buffer): void => writeFileSync(log, b, { flag: 'a' });
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // A test process that ends without stopping its database (a crash, a forced exit) takes the server with it.
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  child.once('exit', () => process.removeListener('exit', orphan));
  return child;
}

/** Retries `probe` until it succeeds, the server exits, or 60 s pass. */
async function ready(child: ChildProcess, log: string, probe: () => Promise<void>): Promise<void> {
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the database server exited: ${readFileSync(log, 'utf8').slice(-2000)}`);
    try {
      await probe();
      return;
    } catch (e) {
      if (Date.now() > end) throw new Error(`the database server did not answer: ${(e as Error).message}\n${readFileSync(log, 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      // SIGINT is PostgreSQL's fast shutdown; MariaDB shuts down on SIGTERM.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

function tempDirFor(as: { uid: number; gid: number } | undefined, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (as) chownSync(dir, as.uid, as.gid);
  return dir;
}

export async function startPostgres(): Promise<ThrowawayDb> {
  const bin = pgBinDir();
  if (!bin) throw new Error(missingDatabase('postgresql'));
  const as = serverUser('postgres');
  const dir = tempDirFor(as, 'zpl-pg-');
  const log = join(dir, 'server.log');
  let child: ChildProcess | undefined;
  try {
    const pwfile = join(dir, 'pw');
    writeFileSync(pwfile, `${ADMIN_PASSWORD}\n`);
    if (as) chownSync(pwfile, as.uid, as.gid);
    run(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', ADMIN_USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'], as, log);
    const port = await freePort();
    child = startDaemon(join(bin, 'postgres'), [
      '-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'TimeZone=UTC',
    ], as, log);
    const config = { host: '127.0.0.1', port, user: ADMIN_USER, password: ADMIN_PASSWORD };
    const started = child;
    await ready(started, log, async () => {
      const c = new pg.Client({ ...config, database: 'postgres' });
      await c.connect();
      try {
        if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 0) await c.query(`CREATE DATABASE ${DATABASE}`);
      } finally {
        await c.end();
      }
    });
    return {
      kind: 'postgresql', host: '127.0.0.1', port, url: `jdbc:postgresql://127.0.0.1:${port}/${DATABASE}`,
      admin: async (sql) => {
        const c = new pg.Client({ ...config, database: DATABASE });
        await c.connect();
        try {
          const r = await c.query(sql);
          return (Array.isArray(r) ? r[r.length - 1] : r).rows as Record<string, unknown>[];
        } finally {
          await c.end();
        }
      },
      stop: stopper(started, dir),
    };
  } catch (e) {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export async function startMariaDb(): Promise<ThrowawayDb> {
  if (missingDatabase('mariadb')) throw new Error(missingDatabase('mariadb'));
  const as = serverUser('mysql');
  const dir = tempDirFor(as, 'zpl-maria-');
  const log = join(dir, 'server.log');
  let child: ChildProcess | undefined;
  try {
    const data = join(dir, 'data');
    run(INSTALL_DB, ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=socket', '--skip-test-db', '--skip-name-resolve'], as, log);
    const init = join(dir, 'init.sql');
    writeFileSync(init, [
      `CREATE USER IF NOT EXISTS '${ADMIN_USER}'@'%' IDENTIFIED BY '${ADMIN_PASSWORD}';`,
      `GRANT ALL PRIVILEGES ON *.* TO '${ADMIN_USER}'@'%' WITH GRANT OPTION;`,
      `CREATE DATABASE IF NOT EXISTS ${DATABASE};`,
    ].join('\n'));
    if (as) chownSync(init, as.uid, as.gid);
    const port = await freePort();
    child = startDaemon(MARIADBD, [
      '--no-defaults', `--datadir=${data}`, `--socket=${join(dir, 'mysqld.sock')}`, `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--port=${port}`, '--bind-address=127.0.0.1', '--skip-name-resolve', '--skip-log-bin', `--init-file=${init}`,
      '--innodb-buffer-pool-size=32M', '--innodb-flush-log-at-trx-commit=0', '--default-time-zone=+00:00',
    ], as, log);
    const config = { host: '127.0.0.1', port, user: ADMIN_USER, password: ADMIN_PASSWORD };
    const started = child;
    await ready(started, log, async () => {
      const c = await mysql.createConnection({ ...config, database: DATABASE });
      await c.end();
    });
    return {
      kind: 'mariadb', host: '127.0.0.1', port, url: `jdbc:mariadb://127.0.0.1:${port}/${DATABASE}`,
      admin: async (sql) => {
        const c = await mysql.createConnection({ ...config, database: DATABASE, multipleStatements: true });
        try {
          const [rows] = await c.query(sql);
          return (Array.isArray(rows) ? rows : []) as Record<string, unknown>[];
        } finally {
          await c.end();
        }
      },
      stop: stopper(started, dir),
    };
  } catch (e) {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export const startDatabase = (kind: DbKind): Promise<ThrowawayDb> => (kind === 'postgresql' ? startPostgres() : startMariaDb());
