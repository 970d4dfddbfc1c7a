/**
 * Checksums of Redux states, cheap enough to take while the app runs: every object's hash is remembered by identity,
 * so after an action only the objects it replaced are hashed again (Redux states share everything else).
 *
 * Notes:
 * - Hashes follow JSON's view of a value, so a state and its JSON round trip hash alike: keys with `undefined`
 *   values are skipped, key order does not matter (objects combine their entries commutatively), non-finite numbers
 *   count as null.
 * - `digest` looks at the length of long strings only: reading a long string that streaming output built by
 *   appending would make the engine flatten it, which for every action would cost time and memory. The full
 *   `checksum`, taken every few actions, reads them whole.
 * - 53 bits (two 32-bit lanes, cyrb53's mixing); printed in base 36.
 * - With a work budget the walk stops when it is spent (workBudget.ts) and is resumed by hashing the same value
 *   again: finished objects are remembered, so a note of thousands of paragraphs is hashed over several idle tasks.
 */
import { pieceReader } from './longStrings';
import { checkBudget, STRING_PIECE, type WorkBudget } from './workBudget';

/** Strings longer than this count by length only in a digest. */
const DIGEST_STRING_LIMIT = 64;

// Bound once: inside a vm context (jest) every global lookup goes through the context's interceptor.
const imul = Math.imul;
const floor = Math.floor;
const entriesOf = Object.entries;
const isArray = Array.isArray;
const isFiniteNumber = Number.isFinite;

const step = (h: number, w: number, m: number): number => imul(h ^ w, m);

function finish(h1: number, h2: number): number {
  const a = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(a ^ (a >>> 13), 3266489909);
  return (b & 0x1fffff) * 0x100000000 + (a >>> 0);
}

type Lanes = [number, number];

/** Mixes s[from, to) into the two lanes, in place (a long string's pieces go on from the lanes the last one left). */
function mixInto(lanes: Lanes, s: string, from: number, to: number): Lanes {
  let [h1, h2] = lanes;
  for (let i = from; i < to; i++) {
    const ch = s.charCodeAt(i);
    h1 = step(h1, ch, 2654435761);
    h2 = step(h2, ch, 1597334677);
  }
  lanes[0] = h1;
  lanes[1] = h2;
  return lanes;
}

const startLanes = (seed: number): Lanes => [0xdeadbeef ^ seed, 0x41c6ce57 ^ seed];

/** Lanes reused by every short string: the walk mixes many, and an array for each would be garbage. */
const scratch: Lanes = [0, 0];

function mixString(s: string, seed: number): number {
  scratch[0] = 0xdeadbeef ^ seed;
  scratch[1] = 0x41c6ce57 ^ seed;
  mixInto(scratch, s, 0, s.length);
  return finish(scratch[0], scratch[1]);
}

const LANE = 0x100000000;

/** Mixes two 53-bit hashes into one, with a salt that tells the places apart. */
function combine(h: number, part: number, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  h1 = step(h1, h % LANE, 2654435761);
  h2 = step(h2, h % LANE, 1597334677);
  h1 = step(h1, floor(h / LANE), 2654435761);
  h2 = step(h2, floor(h / LANE), 1597334677);
  h1 = step(h1, part % LANE, 2654435761);
  h2 = step(h2, part % LANE, 1597334677);
  h1 = step(h1, floor(part / LANE), 2654435761);
  h2 = step(h2, floor(part / LANE), 1597334677);
  return finish(h1, h2);
}

/** A hash of JSON-like values; `fullStrings` false gives the cheap digest. */
export interface StateHasher {
  /** Stops with OUT_OF_TIME when `budget` is spent; hashing the same value again goes on from there. */
  hash(value: unknown, budget?: WorkBudget): number;
}

export function createHasher(fullStrings: boolean): StateHasher {
  const memo = new WeakMap<object, number>();
  let budget: WorkBudget | undefined;

  // A long string's checksum is taken a piece at a time, within the walk's budget.
  const longStrings = pieceReader<Lanes>({ start: startLanes, piece: mixInto });

  function ofString(s: string, tag: number): number {
    if (!fullStrings && s.length > DIGEST_STRING_LIMIT) return combine(s.length, 13, tag);
    if (s.length <= STRING_PIECE) return mixString(s, tag);
    const [h1, h2] = longStrings.read(s, tag, budget);
    return finish(h1, h2);
  }

  function ofValue(v: unknown): number {
    if (v === null || v === undefined) return 1;
    switch (typeof v) {
      case 'string': return ofString(v, 2);
      case 'number': return isFiniteNumber(v) ? mixString(String(v), 3) : 1;
      case 'boolean': return v ? 4 : 5;
      case 'object': break;
      default: return 1;
    }
    const o = v as object;
    const known = memo.get(o);
    if (known !== undefined) return known;
    checkBudget(budget);
    let h: number;
    if (isArray(o)) {
      h = 6;
      for (const x of o) h = combine(h, ofValue(x), 8);
    } else {
      // Entries are summed, so key order does not matter; each entry mixes its key with its value first.
      // Summed in two 32-bit lanes: a float sum of 53-bit numbers would round, and rounding depends on order.
      let lo = 0;
      let hi = 0;
      for (const [k, x] of entriesOf(o)) {
        if (x === undefined || typeof x === 'function') continue;
        const e = combine(ofString(k, 9), ofValue(x), 10);
        lo = (lo + (e % LANE)) >>> 0;
        hi = (hi + floor(e / LANE)) >>> 0;
      }
      h = combine(hi, lo, 11);
    }
    memo.set(o, h);
    return h;
  }

  return {
    hash(value, b) {
      budget = b;
      try {
        const h = ofValue(value);
        longStrings.reset();
        return h;
      } finally {
        budget = undefined;
      }
    },
  };
}

export const hashText = (h: number): string => h.toString(36);
