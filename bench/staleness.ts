/**
 * What the "Stale" rules cost the page: streamed output into a 200-paragraph note whose paragraphs all carry a last
 * run, with the staleness selectors read after every frame (as the mounted paragraphs and toolbar read them), against
 * the same frames with no selector read, in the same run (goal: at most 1.2x); and one full derivation after a text
 * change, against decoding one NOTE frame of the same note (goal: at most 2x).
 * Run: npx tsx bench/staleness.ts   (prints one JSON object)
 */
import { makeStore } from '../src/app/store';
import { actionForFrame, wsIn } from '../slices/wsActions';
import { notePage } from '../slices/notePage';
import { selectRunStalePlan, selectStaleReasons } from '../slices/noteSelectors';
import { decodeServerFrame, type Note, type Paragraph } from '../protocol';

const FRAMES = Number(process.env.BENCH_FRAMES || 20_000);
const PARAGRAPHS = 200;
const ROUNDS = 7;

const texts = (i: number): string => [
  `%sql\ncreate or replace table t${i} as select * from t${i - 1} where region = '$\${region=EU,EU|US}'`,
  `%python\nz.put("v${i}", z.get("v${i - 1}"))\nprint(z.noteTextbox("limit"))`,
  `%sql\nselect a.*, b.x from t${i - 2} a join t${i - 1} b on a.id = b.id -- from c\nwhere y = 'from d'`,
  `%md\n## Section ${i}\nSome text mentioning z.get("x") and rows from sales.`,
][i % 4];

const paragraphs: Paragraph[] = Array.from({ length: PARAGRAPHS }, (_, i) => ({
  id: `p${i}`, text: texts(i), status: i === 0 ? 'RUNNING' : 'FINISHED', config: {}, settings: { params: {}, forms: {} },
  lastRun: { text: texts(i), seq: i + 1, noteParams: { region: 'EU', limit: '10' }, params: {} },
}));
const note: Note = { id: '2M4QX7RTZ', name: 'bench', noteParams: { region: 'EU', limit: '10' }, paragraphs };
const noteFrame = JSON.stringify({ op: 'NOTE', data: { note }, ticket: 'anonymous', principal: 'anonymous', roles: '' });
const frames = Array.from({ length: FRAMES }, (_, i) =>
  JSON.stringify({ op: 'PARAGRAPH_APPEND_OUTPUT', data: { noteId: note.id, paragraphId: 'p0', index: 0, data: `line ${i}\n` }, ticket: 'anonymous', principal: 'anonymous', roles: '' }));

function opened() {
  const { store } = makeStore({ devChecks: false, devTools: false });
  store.dispatch({ type: 'route/changed', payload: `/notebook/${note.id}` });
  store.dispatch(wsIn.NOTE({ note }));
  return store;
}

function stream(readSelectors: boolean): number {
  const store = opened();
  const t0 = performance.now();
  for (const f of frames) {
    const d = decodeServerFrame(f);
    if (d.ok) store.dispatch(actionForFrame(d.frame));
    if (readSelectors) {
      selectStaleReasons(store.getState());
      selectRunStalePlan(store.getState());
    }
  }
  return performance.now() - t0;
}

/** One derivation from scratch: a draft in the last paragraph invalidates the rules over the whole note. */
function derive(): { derive: number; decodeNote: number } {
  const store = opened();
  selectStaleReasons(store.getState());
  let n = 0;
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) {
    store.dispatch(notePage.draftChanged({ id: `p${PARAGRAPHS - 1}`, text: `${texts(PARAGRAPHS - 1)}\n-- ${i}` }));
    n += Object.keys(selectStaleReasons(store.getState())).length + selectRunStalePlan(store.getState()).length;
  }
  const t1 = performance.now();
  for (let i = 0; i < 50; i++) n += decodeServerFrame(noteFrame).ok ? 1 : 0;
  const t2 = performance.now();
  if (n === 0) throw new Error('nothing derived');
  return { derive: (t1 - t0) / 50, decodeNote: (t2 - t1) / 50 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

stream(false); stream(true); derive(); // warm-up
const bare: number[] = [];
const withRules: number[] = [];
const derived: number[] = [];
const decoded: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  bare.push(stream(false));
  withRules.push(stream(true));
  const d = derive();
  derived.push(d.derive);
  decoded.push(d.decodeNote);
}
const b = median(bare);
const w = median(withRules);
const dv = median(derived);
const dn = median(decoded);
console.log(JSON.stringify({
  bench: 'staleness',
  paragraphs: PARAGRAPHS,
  frames: FRAMES,
  streamWithoutSelectors: { ms: +b.toFixed(1) },
  streamReadingStaleness: { ms: +w.toFixed(1) },
  streamRatio: +(w / b).toFixed(2),
  streamGoal: '<= 1.2',
  deriveAfterTextChange: { ms: +dv.toFixed(2) },
  decodeNoteFrame: { ms: +dn.toFixed(2) },
  deriveRatioToDecodeNote: +(dv / dn).toFixed(2),
  deriveGoal: '<= 2',
}, null, 2));
