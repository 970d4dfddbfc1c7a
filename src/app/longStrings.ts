/**
 * Work over a long string (a table result of megabytes) done a piece at a time, with the work budget checked after
 * each piece: the action log's size and checksum walks read such a string whole otherwise, over 100 ms inside one
 * idle callback. What was done is kept when the budget runs out, so the walk, started again from the top by the next
 * idle callback, goes on from the same piece when it reaches the same string (workBudget.ts).
 */
import { checkBudget, PIECE_WEIGHT, STRING_PIECE, type WorkBudget } from './workBudget';

export interface PieceWork<A> {
  /** The result for the empty string; `seed` tells apart uses of the same string (a hash's salt). */
  start(seed: number): A;
  /** Takes in s[from, to); a surrogate pair is never cut between two pieces. */
  piece(acc: A, s: string, from: number, to: number): A;
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

export interface PieceReader<A> {
  /** The work over `s`; stops with OUT_OF_TIME when `budget` is spent, and goes on from there when asked again. */
  read(s: string, seed: number, budget: WorkBudget | undefined): A;
  /** Forgets what it kept: called when the walk that asked has finished. */
  reset(): void;
}

/**
 * Reads strings a piece at a time. Until reset, it keeps the string it stopped in and the results of the strings it
 * finished, since a walk started again from the top meets them again (all of them are in the walked value, so
 * keeping them costs no memory of their own). Equal strings give equal results, so an equal string counts as met.
 */
export function pieceReader<A>(work: PieceWork<A>): PieceReader<A> {
  let stopped: { s: string; seed: number; at: number; acc: A } | undefined;
  let finished: { s: string; seed: number; acc: A }[] = [];
  return {
    read(s, seed, budget) {
      const known = finished.find((f) => f.seed === seed && f.s === s);
      if (known) return known.acc;
      let at = 0;
      let acc = work.start(seed);
      if (stopped && stopped.seed === seed && stopped.s === s) ({ at, acc } = stopped);
      stopped = undefined;
      // The budget is checked after each piece, so every call moves on by at least one piece, however little of
      // its slice the walk down to the string left.
      while (at < s.length) {
        let to = Math.min(s.length, at + STRING_PIECE);
        if (to < s.length && isHighSurrogate(s.charCodeAt(to - 1))) to++;
        acc = work.piece(acc, s, at, to);
        at = to;
        if (at === s.length) break;
        try {
          checkBudget(budget, PIECE_WEIGHT);
        } catch (e) {
          stopped = { s, seed, at, acc };
          throw e;
        }
      }
      finished.push({ s, seed, acc });
      return acc;
    },
    reset() {
      stopped = undefined;
      finished = [];
    },
  };
}
