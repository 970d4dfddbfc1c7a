/** @jest-environment node */
/**
 * The support action log's parts: state checksums, checkpoint deltas, the bounds (entries and bytes) with the start
 * state moving along, and what a long streaming session costs it.
 */
import { exportActionLog, parseActionLog } from '../../src/app/devtools';
import { createReplay, verifyReplay } from '../../src/app/replay';
import { applyDelta, diffState } from '../../src/app/stateDelta';
import { createJsonSizer } from '../../src/app/jsonSize';
import { createHasher } from '../../src/app/stateHash';
import type { WorkBudget } from '../../src/app/workBudget';
import { makeStore } from '../../src/app/store';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';

describe('state checksums', () => {
  const full = () => createHasher(true);
  const digest = () => createHasher(false);

  test('follow JSON: key order, undefined keys and a JSON round trip do not change them', () => {
    const a = { x: 1, y: [1, 'two', { z: null }], w: undefined, s: 'é'.repeat(100) };
    const b = { s: 'é'.repeat(100), y: [1, 'two', { z: null }], x: 1 };
    expect(full().hash(a)).toBe(full().hash(b));
    expect(full().hash(a)).toBe(full().hash(JSON.parse(JSON.stringify(a))));
    expect(full().hash({ n: NaN })).toBe(full().hash({ n: null }));
    expect(full().hash([1, 2])).not.toBe(full().hash([2, 1]));
    expect(full().hash({ a: 1 })).not.toBe(full().hash({ a: '1' }));
    // many keys: the sum of entries must not depend on their order either
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, { v: i }]));
    const reversed = Object.fromEntries(Object.entries(many).reverse());
    expect(full().hash(many)).toBe(full().hash(reversed));
  });

  test('the digest counts long strings by length; the checksum reads them', () => {
    const a = { out: `${'a'.repeat(100)}1` };
    const b = { out: `${'a'.repeat(100)}2` };
    expect(digest().hash(a)).toBe(digest().hash(b));
    expect(full().hash(a)).not.toBe(full().hash(b));
    expect(digest().hash({ out: 'short a' })).not.toBe(digest().hash({ out: 'short b' }));
  });

  test('an object hashed once is not walked again (remembered by identity)', () => {
    const h = createHasher(true);
    let reads = 0;
    const shared = Object.defineProperty({}, 'big', { enumerable: true, get: () => { reads++; return [1, 2, 3]; } });
    h.hash({ a: shared });
    h.hash({ a: shared, b: 1 });
    expect(reads).toBe(1);
  });
});

describe('JSON sizes', () => {
  test('are the length of the JSON text, and an object is walked once (remembered by identity)', () => {
    const values = [null, 1.5, NaN, -0, true, 'tab\t"quote" é \u2028 \u0001', [1, undefined, () => 1, null], { a: undefined, f: () => 1, b: [], c: {}, 'k"': { d: false } }, loadFixtureNote()];
    for (const v of values) expect(createJsonSizer().size(v)).toBe(JSON.stringify(v).length);
    expect(createJsonSizer().size(undefined)).toBe(0);
    const sizer = createJsonSizer();
    let reads = 0;
    const shared = Object.defineProperty({}, 'big', { enumerable: true, get: () => { reads++; return [1, 2, 3]; } });
    expect(sizer.size({ a: shared })).toBe(JSON.stringify({ a: { big: [1, 2, 3] } }).length);
    sizer.size([shared, 1]);
    expect(reads).toBe(1);
  });
});

describe('checkpoint deltas', () => {
  test('apply(prev, diff(prev, next)) is next, without touching prev; grown strings are stored as their new end', () => {
    const out = 'line\n'.repeat(40);
    const prev = { a: { b: 1, c: [1, 2, 3], out }, gone: 'x', same: { deep: [1] } };
    const next = { a: { b: 2, c: [1, 5], out: `${out}more\n`, added: { k: true } }, same: prev.same };
    const frozen = JSON.stringify(prev);
    const d = diffState(prev, next);
    expect(JSON.stringify(d)).toContain('"a":"more\\n"');
    expect(JSON.stringify(d)).not.toContain(out);
    const applied = applyDelta(prev, d) as typeof next;
    expect(applied).toEqual(next);
    expect(applied.same).toBe(prev.same);
    expect(JSON.stringify(prev)).toBe(frozen);
    expect(diffState(prev, prev)).toBeUndefined();
    expect(applyDelta(JSON.parse(JSON.stringify(prev)), JSON.parse(JSON.stringify(d)))).toEqual(next);
  });
});

/** A store whose open note streams `n` lines into a running paragraph. */
function streaming(n: number, opts: Parameters<typeof makeStore>[0] = {}) {
  const { store, log } = makeStore({ devTools: false, ...opts });
  const note = loadFixtureNote();
  const pid = note.paragraphs[1].id;
  store.dispatch(wsIn.NOTE({ note }));
  store.dispatch(wsIn.PARAGRAPH({ paragraph: { ...note.paragraphs[1], status: 'RUNNING', results: undefined } }));
  let text = 0;
  for (let i = 0; i < n; i++) {
    const data = `line ${i} of the output, streamed by a long job\n`;
    text += data.length;
    store.dispatch(wsIn.PARAGRAPH_APPEND_OUTPUT({ noteId: note.id, paragraphId: pid, index: 0, data }));
    // what drawing the paragraph does: read the whole output (the engine flattens the string)
    if (i % 10 === 0) void store.getState().paragraphs.entities[pid]?.results?.msg?.[0]?.data.charCodeAt(0);
  }
  return { store, log, pid, text };
}

describe('bounds', () => {
  test('5,000 streamed appends cost the log about their own size, not a state per entry', () => {
    const { log, text } = streaming(5000);
    const stats = log.stats();
    expect(stats.entries).toBe(5002);
    // actions (about 150 bytes of JSON each) plus checkpoints holding only the appended text
    expect(stats.bytes).toBeLessThan(5002 * 200 + 2 * text);
    expect(log.checkpoints().length).toBe(50);
  });

  test('over its byte limit the log drops its oldest spans, its start state moves along, and it still replays', () => {
    const { store, log } = streaming(2000, { actionLogLimits: { maxEntries: 1_000_000, maxBytes: 60_000 }, checkpointEvery: 50 });
    const stats = log.stats();
    expect(stats.bytes).toBeLessThanOrEqual(60_000);
    expect(stats.entries).toBeLessThan(2002);
    expect(stats.entries).toBeGreaterThan(100);
    expect(log.entries()[0].seq).toBe(2002 - stats.entries);
    const parsed = parseActionLog(JSON.stringify(exportActionLog(log, new Date(0))));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(verifyReplay(parsed).divergence).toBeNull();
    expect(createReplay(parsed).stateAt(parsed.actions.length)).toEqual(JSON.parse(JSON.stringify(store.getState())));
  });

  test('limits changed by the user apply at once', () => {
    const { log } = streaming(1500, { checkpointEvery: 100 });
    expect(log.stats().entries).toBe(1502);
    log.setLimits({ maxEntries: 1000, maxBytes: 1e9 });
    expect(log.stats()).toMatchObject({ entries: 902, limits: { maxEntries: 1000 } });
  });
});

describe('work deferred to idle time', () => {
  /** A store whose log work waits in `queued` until the test runs it, as the page's idle callback would. */
  function deferred(opts: Parameters<typeof makeStore>[0] = {}) {
    const queued: ((budget?: WorkBudget) => void)[] = [];
    const made = makeStore({ devTools: false, deferLogWork: (work) => queued.push(work), ...opts });
    return { ...made, queued };
  }

  test('a large NOTE is not worked into the log inside its dispatch, and the log comes out as without deferral', () => {
    const note = loadFixtureNote();
    const big = { ...note, paragraphs: Array.from({ length: 200 }, (_, i) => ({ ...note.paragraphs[i % note.paragraphs.length], id: `p${i}` })) };
    const later = deferred();
    const now = makeStore({ devTools: false });
    for (const { store } of [later, now]) store.dispatch(wsIn.NOTE({ note: big }));
    // The work waits for the idle callback (or a read of the log).
    expect(later.queued.length).toBe(1);
    later.queued.splice(0).forEach((work) => work());
    const strip = (log: typeof now.log) => log.entries().map((e) => ({ ...e, at: 0 }));
    expect(strip(later.log)).toEqual(strip(now.log));
    expect(later.log.entries()[0].digest).not.toBe(0);
  });

  test('a read works in whatever waits, and at most a few actions ever wait (each keeps its states)', () => {
    const { store, log, queued } = deferred({ checkpointEvery: 10 });
    const note = loadFixtureNote();
    store.dispatch(wsIn.NOTE({ note }));
    for (let i = 0; i < 100; i++) store.dispatch(wsIn.PARAGRAPH_APPEND_OUTPUT({ noteId: note.id, paragraphId: note.paragraphs[1].id, index: 0, data: `line ${i}\n` }));
    // Far fewer idle callbacks than actions: a full queue is worked in by the dispatch itself.
    expect(queued.length).toBeLessThan(10);
    expect(log.stats().entries).toBe(101);
    expect(log.entries().every((e) => e.digest !== 0 && e.action.type !== '')).toBe(true);
    expect(log.checkpoints().length).toBe(10);
    const parsed = parseActionLog(JSON.stringify(exportActionLog(log, new Date(0))));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(verifyReplay(parsed).divergence).toBeNull();
  });

  test('a large NOTE is worked in over many short idle callbacks, and the log comes out as without deferral', () => {
    const note = loadFixtureNote();
    const big = { ...note, paragraphs: Array.from({ length: 2000 }, (_, i) => ({ ...note.paragraphs[i % note.paragraphs.length], id: `p${i}` })) };
    // Every action a checkpoint: the checksum and the delta's size are budgeted too.
    const later = deferred({ checkpointEvery: 1 });
    const now = makeStore({ devTools: false, checkpointEvery: 1 });
    for (const { store } of [later, now]) store.dispatch(wsIn.NOTE({ note: big }));
    // Each callback may look at 200 objects it has not seen before: a few paragraphs' worth.
    let callbacks = 0;
    for (let work = later.queued.shift(); work; work = later.queued.shift()) {
      let left = 200;
      const budget: WorkBudget = { spent: () => --left < 0 };
      work(budget);
      callbacks++;
      expect(callbacks).toBeLessThan(10_000);
    }
    expect(callbacks).toBeGreaterThan(50);
    const strip = (log: typeof now.log) => log.entries().map((e) => ({ ...e, at: 0 }));
    expect(strip(later.log)).toEqual(strip(now.log));
    expect(later.log.checkpoints()).toEqual(now.log.checkpoints());
    expect(later.log.stats().bytes).toBe(now.log.stats().bytes);
  });

  test('a read while a large action is half worked in finishes it at once', () => {
    const note = loadFixtureNote();
    const big = { ...note, paragraphs: Array.from({ length: 500 }, (_, i) => ({ ...note.paragraphs[i % note.paragraphs.length], id: `p${i}` })) };
    const later = deferred({ checkpointEvery: 1 });
    const now = makeStore({ devTools: false, checkpointEvery: 1 });
    for (const { store } of [later, now]) store.dispatch(wsIn.NOTE({ note: big }));
    let left = 100;
    later.queued.shift()?.({ spent: () => --left < 0 });
    expect(later.queued.length).toBe(1);
    expect(later.log.entries().map((e) => ({ ...e, at: 0 }))).toEqual(now.log.entries().map((e) => ({ ...e, at: 0 })));
    expect(later.log.checkpoints()).toEqual(now.log.checkpoints());
    const parsed = parseActionLog(JSON.stringify(exportActionLog(later.log, new Date(0))));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(verifyReplay(parsed).divergence).toBeNull();
    // The callback still scheduled finds nothing left to do.
    later.queued.shift()?.({ spent: () => true });
    expect(later.log.stats().entries).toBe(1);
  });

  test('a dispatch that finds the queue full works within the task\'s budget and leaves the rest for idle time', () => {
    const note = loadFixtureNote();
    const big = { ...note, paragraphs: Array.from({ length: 2000 }, (_, i) => ({ ...note.paragraphs[i % note.paragraphs.length], id: `p${i}` })) };
    // One budget for the whole task, as the page's: 300 objects not seen before.
    let taskChecks = 0;
    const later = deferred({ logTaskBudget: () => ({ spent: () => ++taskChecks > 300 }) });
    const now = makeStore({ devTools: false });
    for (const { store } of [later, now]) {
      store.dispatch(wsIn.NOTE({ note: big }));
      // A route change's worth of small actions, enough to fill the queue.
      for (let i = 0; i < 20; i++) store.dispatch(wsIn.PROGRESS({ id: `p${i}`, progress: i }));
    }
    expect(taskChecks).toBeGreaterThan(300);
    // What the task could not do is left for the idle callbacks, which find work to do.
    let idleChecks = 0;
    for (let work = later.queued.shift(); work; work = later.queued.shift()) work({ spent: () => ++idleChecks % 1000 === 0 });
    expect(idleChecks).toBeGreaterThan(1000);
    const strip = (log: typeof now.log) => log.entries().map((e) => ({ ...e, at: 0 }));
    expect(strip(later.log)).toEqual(strip(now.log));
  });
});
