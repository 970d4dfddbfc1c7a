/**
 * Note permissions (PROTOCOL 5.11): owners, writers, runners and readers per note, each a list of user or role
 * names, kept in `<confDir>/notebook-authorization.json` in Zeppelin's own shape so a conf folder moves between
 * the two servers unchanged.
 *
 * Notes:
 * - An empty list means "everybody" for that check, and each level implies the ones below it
 *   (owner ⇒ writer ⇒ runner ⇒ reader), so a note without an entry is open to all.
 * - The user or role named by `zeppelin.notebook.default.owner.username` passes every check.
 * - The file is rewritten whole, atomically, on every change: it is small, and a torn file would silently make
 *   every note public on the next start, which is why an unreadable file stops the start instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Permissions } from '../../protocol';
import type { ZeppelinConfig } from '../config';
import { atomicWriteSync } from '../storage/atomicWrite';
import type { Notebook } from './notebook';

export const AUTHORIZATION_FILE = 'notebook-authorization.json';
export const ANONYMOUS_USER = 'anonymous';

export type NotePermission = 'READER' | 'RUNNER' | 'WRITER' | 'OWNER';
export const PERMISSION_KINDS: readonly (keyof Permissions)[] = ['owners', 'readers', 'runners', 'writers'];

/** Who asks: the user name and the roles stored with their ticket or session. */
export interface Subject {
  user: string;
  roles: readonly string[];
}

/** The lists that grant a permission, its own list first (PROTOCOL 5.11: higher levels imply lower ones). */
const GRANTING: Record<NotePermission, (keyof Permissions)[]> = {
  OWNER: ['owners'],
  WRITER: ['writers', 'owners'],
  RUNNER: ['runners', 'writers', 'owners'],
  READER: ['readers', 'runners', 'writers', 'owners'],
};

export const emptyPermissions = (): Permissions => ({ owners: [], readers: [], runners: [], writers: [] });

const copy = (p: Permissions): Permissions => ({ owners: [...p.owners], readers: [...p.readers], runners: [...p.runners], writers: [...p.writers] });

/** Java's Set.toString, which the AUTH_INFO texts print. */
export const javaSet = (items: Iterable<string>): string => `[${[...new Set(items)].join(', ')}]`;

function parseList(v: unknown, where: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new Error(`${where} must be an array of strings`);
  return (v as string[]).map((x) => x.trim()).filter((x) => x !== '');
}

/** Reads Zeppelin's file shape; anything else is an error that names the file and the bad key. */
export function parseAuthorizationFile(text: string, file: string): Map<string, Permissions> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  const info = typeof doc === 'object' && doc !== null ? (doc as { authInfo?: unknown }).authInfo : undefined;
  if (info === undefined || info === null) return new Map();
  if (typeof info !== 'object' || Array.isArray(info)) throw new Error(`${file}: "authInfo" must be an object of note ids`);
  const out = new Map<string, Permissions>();
  for (const [noteId, raw] of Object.entries(info as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${file}: the entry of note ${noteId} must be an object`);
    const r = raw as Record<string, unknown>;
    const p = emptyPermissions();
    for (const k of PERMISSION_KINDS) p[k] = parseList(r[k], `${file}: ${noteId}.${k}`);
    out.set(noteId, p);
  }
  return out;
}

/**
 * PROTOCOL 3.3 auto-fill of a permission PUT: naming readers only would otherwise leave writing open to
 * everybody (empty = all), so the empty higher lists become the caller.
 */
export function autoFill(p: Permissions, caller: string): Permissions {
  const out = copy(p);
  const me = [caller];
  if (out.readers.length > 0) {
    if (out.runners.length === 0) out.runners = me;
    if (out.writers.length === 0) out.writers = me;
    if (out.owners.length === 0) out.owners = me;
  }
  if (out.runners.length > 0) {
    if (out.writers.length === 0) out.writers = me;
    if (out.owners.length === 0) out.owners = me;
  }
  if (out.writers.length > 0 && out.owners.length === 0) out.owners = me;
  return out;
}

export class NoteAuthorization {
  private readonly byNote: Map<string, Permissions>;
  private readonly file: string;

  private constructor(
    confDir: string,
    private readonly config: ZeppelinConfig,
    entries: Map<string, Permissions>,
  ) {
    this.file = join(confDir, AUTHORIZATION_FILE);
    this.byNote = entries;
  }

  static load(confDir: string, config: ZeppelinConfig): NoteAuthorization {
    const file = join(confDir, AUTHORIZATION_FILE);
    const entries = existsSync(file) ? parseAuthorizationFile(readFileSync(file, 'utf8'), file) : new Map<string, Permissions>();
    return new NoteAuthorization(confDir, config, entries);
  }

  /** Deleted notes lose their entry (a later note never inherits it). */
  attach(notebook: Notebook): void {
    notebook.onChange((e) => {
      if (e.kind === 'removed') this.remove(e.id);
    });
  }

  get(noteId: string): Permissions {
    const p = this.byNote.get(noteId);
    return p ? copy(p) : emptyPermissions();
  }

  set(noteId: string, p: Permissions): void {
    this.byNote.set(noteId, copy(p));
    this.persist();
  }

  remove(noteId: string): void {
    if (this.byNote.delete(noteId)) this.persist();
  }

  /**
   * A new note (NEW_NOTE, import, clone): the creator owns it; with `zeppelin.notebook.public=false` the creator
   * is also its only reader, runner and writer. Anonymous creators leave the note open to everybody.
   */
  noteCreated(noteId: string, creator: string): void {
    if (creator === '' || creator === ANONYMOUS_USER) return;
    const user = this.normalize(creator);
    const isPublic = this.config.getBool('zeppelin.notebook.public', true);
    this.set(noteId, isPublic
      ? { owners: [user], readers: [], runners: [], writers: [] }
      : { owners: [user], readers: [user], runners: [user], writers: [user] });
  }

  private normalize(name: string): string {
    return this.config.getBool('zeppelin.username.force.lowercase') ? name.toLowerCase() : name;
  }

  /** The caller's name and roles, as matched against the lists and printed in AUTH_INFO. */
  entities(subject: Subject): string[] {
    return [...new Set([this.normalize(subject.user), ...subject.roles])];
  }

  isAdmin(subject: Subject): boolean {
    const admin = this.config.getString('zeppelin.notebook.default.owner.username').trim();
    return admin !== '' && this.entities(subject).includes(admin);
  }

  allows(noteId: string, subject: Subject, perm: NotePermission): boolean {
    if (this.isAdmin(subject)) return true;
    const p = this.byNote.get(noteId);
    if (!p) return true;
    const mine = new Set(this.entities(subject));
    return GRANTING[perm].some((k) => p[k].length === 0 || p[k].some((e) => mine.has(this.normalize(e))));
  }

  /** The AUTH_INFO / 403 text of PROTOCOL 1.8 for a refused check. */
  denial(noteId: string, subject: Subject, perm: NotePermission): string {
    const p = this.get(noteId);
    const allowed = GRANTING[perm].flatMap((k) => p[k]);
    return `Insufficient privileges to ${perm} note.\nAllowed users or roles: ${javaSet(allowed)}\nBut the user ${subject.user} belongs to: ${javaSet(this.entities(subject))}`;
  }

  filter<T extends { id: string }>(items: readonly T[], subject: Subject, perm: NotePermission = 'READER'): T[] {
    return items.filter((i) => this.allows(i.id, subject, perm));
  }

  private persist(): void {
    const authInfo: Record<string, Permissions> = {};
    for (const [id, p] of this.byNote) authInfo[id] = { owners: p.owners, readers: p.readers, runners: p.runners, writers: p.writers };
    atomicWriteSync(this.file, `${JSON.stringify({ authInfo }, null, 2)}\n`);
  }
}
