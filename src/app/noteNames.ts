/**
 * Client-side naming conventions of Zeppelin's dialogs (the server only falls back to `/Untitled Note` and
 * `/Cloned Note_{id}`), as pure functions over the NOTES_INFO paths.
 */
import type { NoteInfo } from '../../protocol';

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const stripSlash = (path: string): string => path.replace(/^\/+/, '');

/**
 * 'Untitled Note N', N one more than the highest N among root-level 'Untitled Note N' notes, prefixed by the
 * folder when the note is created in one.
 */
export function defaultNewNoteName(list: readonly NoteInfo[], folder?: string | null): string {
  let next = 1;
  for (const n of list) {
    const m = /^Untitled Note (\d+)$/.exec(stripSlash(n.path ?? ''));
    if (m) next = Math.max(next, Number(m[1]) + 1);
  }
  const name = `Untitled Note ${next}`;
  return folder ? `${normalizeFolderId(folder)}/${name}` : name;
}

/**
 * The source path with a counter: 'a/Report' becomes 'a/Report 1', and 'a/Report 2' once 'a/Report 1' exists;
 * a source already ending in ' N' counts on from its stem.
 */
export function cloneNoteName(sourcePath: string, list: readonly NoteInfo[]): string {
  const source = stripSlash(sourcePath);
  const numbered = /^(.+?) (\d+)$/.exec(source);
  const stem = numbered ? numbered[1] : source;
  const re = new RegExp(`^${escapeRe(stem)} (\\d+)$`);
  let next = 1;
  let found = false;
  for (const n of list) {
    const m = re.exec(stripSlash(n.path ?? ''));
    if (m) {
      found = true;
      next = Math.max(next, Number(m[1]) + 1);
    }
  }
  return `${found ? stem : source} ${next}`;
}

/**
 * Folder rename input as Zeppelin normalises it: trimmed, backslashes to slashes, repeated slashes collapsed,
 * a leading and a trailing slash removed. '' means nothing usable was typed.
 */
export function normalizeFolderId(name: string): string {
  return name.trim().replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^\//, '').replace(/\/$/, '');
}

/** Every folder id (path without the leading slash) that holds at least one note. */
export function folderIds(list: readonly NoteInfo[]): Set<string> {
  const out = new Set<string>();
  for (const n of list) {
    const segments = stripSlash(n.path ?? '').split('/');
    for (let i = 1; i < segments.length; i++) out.add(segments.slice(0, i).join('/'));
  }
  return out;
}
