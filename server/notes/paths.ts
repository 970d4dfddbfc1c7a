/** Note paths and folders (PROTOCOL 5.2). */
import { ZeppelinError } from '../util/errors';

export const TRASH = '~Trash';
export const TRASH_PREFIX = `/${TRASH}`;

/** Java's URLDecoder: `+` is a space, `%XX` a UTF-8 byte; a stray `%` is an error. */
function urlDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new ZeppelinError('Malformed URL-encoded path', 'BAD_REQUEST');
  }
}

/** Normalises a user-supplied note path the way Zeppelin's NotebookService does before create/rename/clone/import. */
export function normalizeNotePath(raw: string | undefined | null): string {
  let path = (raw ?? '').trim();
  if (path === '') return '/Untitled Note';
  path = path.replace(/[\r\n]/g, ' ');
  // Decoded repeatedly: Zeppelin loops until the text stops changing.
  for (let i = 0; i < 10; i++) {
    const next = urlDecode(path);
    if (next === path) break;
    path = next;
  }
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.endsWith('/')) throw new ZeppelinError("Note name shouldn't end with '/'", 'BAD_REQUEST');
  // Runs of slashes would be collapsed by the file system anyway; doing it here keeps path and file name in step.
  path = path.replace(/\/{2,}/g, '/');
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name.length >= 255) throw new ZeppelinError('Note name must be less than 255', 'BAD_REQUEST');
  if (path.includes('..')) throw new ZeppelinError("Note name can not contain '..'", 'BAD_REQUEST');
  if (path.split('/').some((seg) => seg === '.')) throw new ZeppelinError("Note path can not contain '.' segments", 'BAD_REQUEST');
  return path;
}

/** A note's file is `<name>_<9-character id>.zpln` (PROTOCOL 4.1); file systems hold names of up to 255 bytes. */
const FILE_NAME_BYTES = 255;
const FILE_SUFFIX_BYTES = '_XXXXXXXXX.zpln'.length;
export const MAX_NAME_BYTES = FILE_NAME_BYTES - FILE_SUFFIX_BYTES;

/**
 * Whether a normalised note path can live on disk as a note (checked before any create, rename, move, import or
 * clone changes anything). A folder or name starting with a dot would be written inside `.git` or a hidden folder
 * that is never read back; a NUL or an over-long segment cannot be a file name at all.
 */
export function checkStorablePath(path: string): void {
  if (path.includes('\u0000')) throw new ZeppelinError('Note name can not contain a NUL character', 'BAD_REQUEST');
  const segments = path.split('/').slice(1);
  const name = segments[segments.length - 1] ?? '';
  for (const seg of segments) {
    if (seg.startsWith('.')) throw new ZeppelinError(`Note path can not contain a folder or name starting with '.': ${seg}`, 'BAD_REQUEST');
  }
  for (const seg of segments.slice(0, -1)) {
    if (Buffer.byteLength(seg) > FILE_NAME_BYTES) throw new ZeppelinError(`Note path can not contain a folder name longer than ${FILE_NAME_BYTES} bytes`, 'BAD_REQUEST');
  }
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    throw new ZeppelinError(`Note name must be at most ${MAX_NAME_BYTES} bytes long in UTF-8 (it is part of the file name)`, 'BAD_REQUEST');
  }
}

/** Folder id as the UI sends it (no leading slash, optional trailing slash) → `/a/b`. */
export function normalizeFolderPath(raw: string): string {
  let folder = raw.trim().replace(/\/{2,}/g, '/');
  if (!folder.startsWith('/')) folder = `/${folder}`;
  while (folder.length > 1 && folder.endsWith('/')) folder = folder.slice(0, -1);
  if (folder.includes('..')) throw new ZeppelinError("Folder path can not contain '..'", 'BAD_REQUEST');
  return folder;
}

export const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
export const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));
export const isInFolder = (path: string, folder: string): boolean => folder === '/' || path.startsWith(`${folder}/`);
export const isTrashed = (path: string): boolean => isInFolder(path, TRASH_PREFIX);

/** Notes of the interpreter sessions of /api/session (interpreters/zsessions.ts): kept out of the note list. */
export const SESSION_NOTES_FOLDER = '/_ZSession';
export const isSessionNote = (path: string): boolean => isInFolder(path, SESSION_NOTES_FOLDER);
