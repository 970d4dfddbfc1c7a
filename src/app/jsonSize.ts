/**
 * The length of a value's JSON text without writing it: the action log bounds itself in JSON bytes, and writing a
 * large action or delta (a note of thousands of paragraphs, a table result of megabytes) just to count it cost most
 * of the log's idle time. Sizes are remembered per object, as the hashes are, so a part the state shares with an
 * earlier action or checkpoint is counted once; the walk checks a work budget and can be resumed (workBudget.ts).
 */
import { pieceReader } from './longStrings';
import { checkBudget, STRING_PIECE, type WorkBudget } from './workBudget';

const entriesOf = Object.entries;
const isArray = Array.isArray;
const isFiniteNumber = Number.isFinite;
const stringify = JSON.stringify;

export interface JsonSizer {
  /** `JSON.stringify(value).length` (0 for undefined); stops with OUT_OF_TIME when `budget` is spent. */
  size(value: unknown, budget?: WorkBudget): number;
}

export function createJsonSizer(): JsonSizer {
  const memo = new WeakMap<object, number>();
  let budget: WorkBudget | undefined;
  // Each piece's JSON less its two quotes; pieces never cut a surrogate pair, so the sum is the whole string's.
  const longStrings = pieceReader<number>({ start: () => 2, piece: (n, s, from, to) => n + stringify(s.slice(from, to)).length - 2 });

  /** Size of `v` where JSON writes it as a value; undefined where JSON leaves it out. */
  function ofValue(v: unknown): number | undefined {
    if (v === null) return 4;
    switch (typeof v) {
      case 'string': return v.length > STRING_PIECE ? longStrings.read(v, 0, budget) : stringify(v).length;
      case 'number': return isFiniteNumber(v) ? String(v).length : 4;
      case 'boolean': return v ? 4 : 5;
      case 'object': break;
      default: return undefined;
    }
    const o = v as object;
    const known = memo.get(o);
    if (known !== undefined) return known;
    if (typeof (o as { toJSON?: unknown }).toJSON === 'function') return stringify(o)?.length;
    checkBudget(budget);
    let n = 2;
    if (isArray(o)) {
      for (const x of o) n += (ofValue(x) ?? 4) + 1;
      if (o.length > 0) n -= 1;
    } else {
      let fields = 0;
      for (const [k, x] of entriesOf(o)) {
        const s = ofValue(x);
        if (s === undefined) continue;
        n += stringify(k).length + 1 + s;
        fields++;
      }
      if (fields > 1) n += fields - 1;
    }
    memo.set(o, n);
    return n;
  }

  return {
    size(value, b) {
      budget = b;
      try {
        const n = ofValue(value) ?? 0;
        longStrings.reset();
        return n;
      } finally {
        budget = undefined;
      }
    },
  };
}
