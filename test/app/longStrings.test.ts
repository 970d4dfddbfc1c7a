import { createJsonSizer } from '../../src/app/jsonSize';
import { createHasher } from '../../src/app/stateHash';
import { idleBudget, isOutOfTime, PIECE_WEIGHT, STRING_PIECE, type WorkBudget } from '../../src/app/workBudget';

/** A table text of several pieces, with what JSON escapes (tabs, line breaks, quotes) and surrogate pairs at every cut. */
function longText(): string {
  const row = 'name\t"quoted"\t12.5\t\u{1F600}\n';
  let s = '';
  while (s.length < STRING_PIECE * 4) s += row;
  // A pair straddling each place a piece would end.
  const chars = s.split('');
  for (let k = 1; k <= 4; k++) chars.splice(k * STRING_PIECE - 1, 2, '\uD83D', '\uDE00');
  return chars.join('');
}

/** Calls `run` with a budget of `checks` checks each time it stops, until it returns; counts the calls. */
function inSlices<T>(run: (b: WorkBudget) => T, checks: number): { value: T; calls: number } {
  for (let calls = 1; calls < 10_000; calls++) {
    let left = checks;
    try {
      return { value: run({ spent: () => --left < 0 }), calls };
    } catch (e) {
      if (!isOutOfTime(e)) throw e;
    }
  }
  throw new Error('never finished');
}

describe('long strings in the action log walks', () => {
  const text = longText();
  const value = { result: { msg: [{ type: 'TABLE', data: text }] }, other: text.slice(0, 100) };

  test("a long string's JSON size is counted a piece at a time within the budget, and comes out exact", () => {
    const sizer = createJsonSizer();
    const { value: size, calls } = inSlices((b) => sizer.size(value, b), 6);
    expect(size).toBe(JSON.stringify(value).length);
    expect(calls).toBeGreaterThan(1);
  });

  test("a long string's checksum is taken a piece at a time within the budget, and equals the unbudgeted one", () => {
    const whole = createHasher(true).hash(value);
    const { value: hash, calls } = inSlices((b) => createHasherOnce.hash(value, b), 6);
    expect(hash).toBe(whole);
    expect(calls).toBeGreaterThan(1);
  });

  const createHasherOnce = createHasher(true);

  test('the same long string under two uses (key and value) is hashed apart even when stopped in between', () => {
    const h = createHasher(true);
    const both = { [text]: 1, v: text };
    const { value: hash } = inSlices((b) => h.hash(both, b), 3);
    expect(hash).toBe(createHasher(true).hash(both));
  });
});

describe("the idle budget's clock", () => {
  test('is read every few objects, and after every piece of a long string', () => {
    let t = 0;
    const budget = idleBudget({ timeRemaining: () => 10 }, () => t);
    t = 11;
    // Past the deadline, yet a single object's check does not read the clock.
    expect(budget.spent()).toBe(false);
    expect(budget.spent(PIECE_WEIGHT)).toBe(true);
  });
});
