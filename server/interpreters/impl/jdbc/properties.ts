/**
 * The properties of a `jdbc` interpreter setting (Zeppelin's names, Zeppelin's defaults), read once per session,
 * and who logs in: `default.user`/`default.password` when a user is set, else the running user's credential-page
 * entry named as Zeppelin's JDBCInterpreter names it, else the URL's `user` parameter.
 */
import type { Credential } from '../../types';
import type { JdbcTarget } from './url';

export interface JdbcProperties {
  url: string;
  user: string;
  password: string;
  /** Shown on the settings page and accepted; the driver is chosen by the URL's scheme. */
  driver: string;
  maxCount: number;
  precode: string;
  statementPrecode: string;
  splitQueries: boolean;
  /** Seconds a paragraph's statements may run before they are cancelled on the server; 0: no limit. */
  queryTimeoutS: number;
  interpolation: boolean;
  /** Catalog cache for completion: -1 reloads every time, 0 loads once, n keeps it n seconds. */
  completerTtlS: number;
  maxConnections: number;
}

const number = (v: string | undefined, fallback: number): number => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : fallback;
};

const flag = (v: string | undefined, fallback: boolean): boolean => (v === undefined || v === '' ? fallback : v === 'true');

export function readProperties(p: Record<string, string>): JdbcProperties {
  return {
    url: p['default.url'] ?? '',
    user: (p['default.user'] ?? '').trim(),
    password: p['default.password'] ?? '',
    driver: p['default.driver'] ?? '',
    maxCount: Math.max(1, Math.floor(number(p['common.max_count'], 1000))),
    precode: p['default.precode'] ?? '',
    statementPrecode: p['default.statementPrecode'] ?? '',
    splitQueries: flag(p['default.splitQueries'], true),
    queryTimeoutS: Math.max(0, number(p['zeppelin.jdbc.query.timeout'], 0)),
    interpolation: flag(p['zeppelin.jdbc.interpolation'], false),
    completerTtlS: number(p['default.completer.ttlInSeconds'], 120),
    maxConnections: Math.max(1, Math.floor(number(p['zeppelin.jdbc.concurrent.max_connection'], 10))),
  };
}

/**
 * The credential entity Zeppelin's JDBCInterpreter reads (its getEntityName): `default` for the setting named `jdbc`,
 * the setting's own name for any other setting of the group.
 */
export const credentialEntity = (settingName: string): string => (settingName === 'jdbc' ? 'default' : settingName);

export function loginFor(
  props: JdbcProperties, target: JdbcTarget, settingName: string, credential: ((entity: string) => Credential | undefined) | undefined,
): Credential {
  if (props.user) return { username: props.user, password: props.password };
  const entity = credentialEntity(settingName);
  const found = credential?.(entity);
  if (found?.username) return found;
  if (target.params.user) return { username: target.params.user, password: target.params.password ?? props.password };
  throw new Error(`No database user for %${settingName}: set default.user in the interpreter setting, `
    + `or add your own user and password for the entity "${entity}" on the Credential page`);
}

/** How many paragraphs of one session may run at once: `zeppelin.jdbc.concurrent.use` off means one. */
export function jdbcParallel(p: Record<string, string>): number {
  return p['zeppelin.jdbc.concurrent.use'] === 'false' ? 1 : readProperties(p).maxConnections;
}
