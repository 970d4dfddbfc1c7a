/**
 * `default.url` as Zeppelin users write it (`jdbc:postgresql://host:port/db`, `jdbc:mysql://…`, `jdbc:mariadb://…`),
 * read into what the Node drivers need. The scheme picks the driver; `default.driver` is only shown.
 *
 * Query parameters understood (the JDBC drivers' names): `user`, `password`, `connectTimeout` (seconds for
 * PostgreSQL, milliseconds for MySQL/MariaDB, as each JDBC driver reads it), PostgreSQL's `sslmode`/`ssl`,
 * `currentSchema` and `ApplicationName`, MySQL's `sslMode`/`useSSL`. Other parameters are ignored.
 */
import type { Dialect } from './splitSql';

export interface JdbcTarget {
  dialect: Dialect;
  /** The scheme as written, for messages: `postgresql`, `mysql` or `mariadb`. */
  scheme: string;
  host: string;
  port: number;
  database: string;
  params: Record<string, string>;
}

const SCHEMES: Readonly<Record<string, { dialect: Dialect; port: number }>> = {
  postgresql: { dialect: 'postgresql', port: 5432 },
  mysql: { dialect: 'mysql', port: 3306 },
  mariadb: { dialect: 'mysql', port: 3306 },
};

/** Default time to reach the database: an unreachable host must fail well within the 10 s users wait. */
export const CONNECT_TIMEOUT_MS = 5000;

export function parseJdbcUrl(url: string): JdbcTarget {
  const m = /^jdbc:([a-z0-9]+):\/\/(.*)$/i.exec(url.trim());
  const known = m ? SCHEMES[m[1].toLowerCase()] : undefined;
  if (!m || !known) {
    throw new Error(`default.url must be jdbc:postgresql://host:port/database, jdbc:mysql://… or jdbc:mariadb://… (got "${url}")`);
  }
  let parsed: URL;
  try {
    // A non-special scheme: the WHATWG parser keeps host, port, path and query apart without touching them.
    parsed = new URL(`db://${m[2]}`);
  } catch {
    throw new Error(`default.url is not a valid URL: ${url}`);
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  const params: Record<string, string> = {};
  for (const [k, v] of parsed.searchParams) params[k] = v;
  return {
    dialect: known.dialect,
    scheme: m[1].toLowerCase(),
    host,
    port: parsed.port ? Number(parsed.port) : known.port,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    params,
  };
}

/** The connect timeout in ms, from the URL's `connectTimeout` in the unit its JDBC driver uses. */
export function connectTimeoutMs(t: JdbcTarget): number {
  const raw = Number(t.params.connectTimeout);
  if (!Number.isFinite(raw) || raw <= 0) return CONNECT_TIMEOUT_MS;
  return t.dialect === 'postgresql' ? raw * 1000 : raw;
}
