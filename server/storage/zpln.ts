/**
 * The `.zpln` note file (PROTOCOL 4.1): the note JSON without `path`, named `<path without leading />_<id>.zpln`.
 * Parsing keeps every field and the key order; serialising reproduces Gson's layout (see gson.ts).
 */
import type { Note } from '../../protocol';
import { gsonStringify } from './gson';
import { checkedNote } from './noteShape';

/** The only int-typed numeric fields of Note/Paragraph; every other number sits in a Java Map and is a double. */
const INT_FIELDS_OF_PARAGRAPH = new Set(['progress', 'progressUpdateIntervalMs']);

// Depth of a paragraph's own fields: note(0) → paragraphs array(1) → paragraph object(2) → its fields at depth 3.
const isIntKey = (key: string, depth: number): boolean => depth === 3 && INT_FIELDS_OF_PARAGRAPH.has(key);

export const ZPLN_EXT = '.zpln';

export function serializeNote(note: Note): string {
  const { path: _omit, ...rest } = note;
  return gsonStringify(rest, isIntKey);
}

/** Parses a note file; throws (with the first problem) when it is not JSON or not shaped like a note. */
export function parseNoteFile(text: string): Note {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return checkedNote(value);
}

/** `dir/sub/name_ID.zpln` → `{ path: '/dir/sub/name', id }`; null for anything else (temp files, other data). */
export function parseFileName(relative: string): { path: string; id: string } | null {
  const normal = relative.split('\\').join('/');
  if (!normal.endsWith(ZPLN_EXT)) return null;
  const stem = normal.slice(0, -ZPLN_EXT.length);
  const cut = stem.lastIndexOf('_');
  if (cut <= 0 || cut === stem.length - 1) return null;
  const id = stem.slice(cut + 1);
  if (id.includes('/')) return null;
  return { path: `/${stem.slice(0, cut)}`, id };
}

export const fileNameOf = (path: string, id: string): string => `${path.replace(/^\/+/, '')}_${id}${ZPLN_EXT}`;
