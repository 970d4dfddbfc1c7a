/**
 * Forward deltas between two Redux states, for the action log's checkpoints: what changed from one checkpoint to
 * the next, small enough to keep a day of them, and applied without touching the state it starts from.
 *
 * Notes:
 * - Diffing follows identity first: Redux states share every part an action did not replace, so only the replaced
 *   paths are walked.
 * - A string that grew at its end (streamed output) is stored as the appended part only.
 * - JSON semantics: `undefined` is an absent key. Arrays are diffed by position, with their new length.
 * - A delta is plain JSON, so it goes into the saved log file as is.
 */

export type Change =
  | { s: unknown } // set to this value
  | { d: 1 } // delete the key
  | { a: string } // append to the string
  | { o: Record<string, Change>; l?: number }; // change inside an object, or an array of length `l`

/** Strings shorter than this are replaced whole: an append marker would not save anything. */
const APPEND_MIN = 64;

const isContainer = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function change(prev: unknown, next: unknown): Change | undefined {
  if (prev === next) return undefined;
  if (next === undefined) return { d: 1 };
  if (typeof prev === 'string' && typeof next === 'string' && prev.length >= APPEND_MIN && next.length > prev.length && next.startsWith(prev)) {
    return { a: next.slice(prev.length) };
  }
  if (isContainer(prev) && isContainer(next) && Array.isArray(prev) === Array.isArray(next)) {
    return Array.isArray(next) ? diffArray(prev as unknown as unknown[], next) : diffObject(prev, next);
  }
  return { s: next };
}

function diffObject(prev: Record<string, unknown>, next: Record<string, unknown>): Change | undefined {
  const o: Record<string, Change> = {};
  let any = false;
  for (const k of Object.keys(next)) {
    const c = change(prev[k], next[k]);
    if (c) {
      o[k] = c;
      any = true;
    }
  }
  for (const k of Object.keys(prev)) {
    if (!(k in next) && prev[k] !== undefined) {
      o[k] = { d: 1 };
      any = true;
    }
  }
  return any ? { o } : undefined;
}

function diffArray(prev: unknown[], next: unknown[]): Change | undefined {
  const o: Record<string, Change> = {};
  let any = prev.length !== next.length;
  for (let i = 0; i < next.length; i++) {
    // JSON writes a missing array element as null.
    const c = change(prev[i] ?? null, next[i] ?? null);
    if (c) {
      o[i] = c;
      any = true;
    }
  }
  return any ? { o, l: next.length } : undefined;
}

/** What turns `prev` into `next`; undefined when they are the same. */
export function diffState(prev: unknown, next: unknown): Change | undefined {
  return change(prev, next);
}

/** `base` with the delta applied: a new value that shares every part the delta does not touch. */
export function applyDelta(base: unknown, c: Change | undefined): unknown {
  if (!c) return base;
  if ('s' in c) return c.s;
  if ('d' in c) return undefined;
  if ('a' in c) return `${typeof base === 'string' ? base : ''}${c.a}`;
  if (c.l !== undefined) {
    const arr = Array.isArray(base) ? base.slice(0, c.l) : [];
    while (arr.length < c.l) arr.push(null);
    for (const [k, inner] of Object.entries(c.o)) arr[Number(k)] = applyDelta(arr[Number(k)], inner) ?? null;
    return arr;
  }
  const obj: Record<string, unknown> = isContainer(base) && !Array.isArray(base) ? { ...base } : {};
  for (const [k, inner] of Object.entries(c.o)) {
    const v = applyDelta(obj[k], inner);
    if (v === undefined) delete obj[k];
    else obj[k] = v;
  }
  return obj;
}
