/**
 * Which notes may be scheduled (PROTOCOL 5.9) and as whom they run. Deviation: Zeppelin schedules only when
 * authentication is on; this embedded server, usually run by one person without a shiro.ini, schedules whenever
 * `zeppelin.notebook.cron.enable` is true (its default here).
 */
import { roleList } from '../../protocol';
import type { ZeppelinConfig } from '../config';
import { isTrashed } from '../notes/paths';

/** A note's config as stored or as a client sent it. */
type Config = Readonly<Record<string, unknown>> | undefined;

export const cronEnabled = (config: ZeppelinConfig): boolean => config.getBool('zeppelin.notebook.cron.enable', true);

/** `zeppelin.notebook.cron.folders`: comma-separated path prefixes; empty means every folder. */
export function cronFolders(config: ZeppelinConfig): string[] {
  return config
    .getString('zeppelin.notebook.cron.folders')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '')
    .map((f) => (f.startsWith('/') ? f : `/${f}`));
}

/** Trashed notes are never scheduled; the allow-list is a plain prefix match on the note path, as in Zeppelin. */
export function cronAllowedFor(config: ZeppelinConfig, path: string): boolean {
  if (!cronEnabled(config) || isTrashed(path)) return false;
  const folders = cronFolders(config);
  return folders.length === 0 || folders.some((f) => path.startsWith(f));
}

/** The note's schedule when it may have one; undefined for none. */
export function cronExpressionOf(config: Config): string | undefined {
  const cron = config?.cron;
  return typeof cron === 'string' && cron.trim() !== '' ? cron.trim() : undefined;
}

export function executingUser(config: Config): string {
  const user = config?.cronExecutingUser;
  return typeof user === 'string' && user.trim() !== '' ? user.trim() : 'anonymous';
}

/** The UIs store the ticket's roles, a JSON array inside a string; arrays and comma lists are accepted too. */
export const executingRoles = (config: Config): string[] => roleList(config?.cronExecutingRoles);

/**
 * NOTE_UPDATE may only name the caller (or one of the caller's roles) as the executing user, and only roles the
 * caller holds: otherwise anyone could schedule runs as someone else. Returns the refusal, or undefined.
 */
export function runAsRefusal(config: Config & object, caller: string, callerRoles: string[]): string | undefined {
  const user = config.cronExecutingUser;
  if (typeof user === 'string' && user.trim() !== '' && user.trim() !== caller && !callerRoles.includes(user.trim())) {
    return `Wrong configs: cronExecutingUser ${user.trim()} is neither you (${caller}) nor one of your roles`;
  }
  const foreign = executingRoles(config).filter((r) => !callerRoles.includes(r));
  if (foreign.length > 0) return `Wrong configs: you do not hold the cronExecutingRoles ${foreign.join(', ')}`;
  return undefined;
}
