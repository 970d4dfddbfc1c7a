/**
 * Reducer throughput for streamed output: PARAGRAPH_APPEND_OUTPUT frames through decode, the action-log and saga
 * middleware and the reducers, next to a bare JSON.parse of the same frames in the same run.
 * Run: npx tsx bench/reducers.ts   (prints one JSON object)
 */
import { makeStore } from '../src/app/store';
import { actionForFrame, wsIn } from '../slices/wsActions';
import { decodeServerFrame, type Paragraph } from '../protocol';

const FRAMES = Number(process.env.BENCH_FRAMES || 50_000);
const ROUNDS = 5;

const pid = 'paragraph_1755849600123_1048576001';
const paragraph: Paragraph = { id: pid, text: '%sh\nseq 1 100000', status: 'RUNNING', config: {}, settings: { params: {}, forms: {} } };
const frames = Array.from({ length: FRAMES }, (_, i) =>
  JSON.stringify({ op: 'PARAGRAPH_APPEND_OUTPUT', data: { noteId: '2M4QX7RTZ', paragraphId: pid, index: 0, data: `line ${i} of the output\n` }, ticket: 'anonymous', principal: 'anonymous', roles: '' }));

function bare(): number {
  const t0 = performance.now();
  let n = 0;
  for (const f of frames) n += (JSON.parse(f) as { op: string }).op.length;
  if (n === 0) throw new Error('unreachable');
  return performance.now() - t0;
}

function full(): number {
  const { store } = makeStore({ devChecks: false, devTools: false });
  store.dispatch(wsIn.NOTE({ note: { id: '2M4QX7RTZ', name: 'bench', paragraphs: [paragraph] } }));
  const t0 = performance.now();
  for (const f of frames) {
    const d = decodeServerFrame(f);
    if (d.ok) store.dispatch(actionForFrame(d.frame));
  }
  const ms = performance.now() - t0;
  const out = store.getState().paragraphs.entities[pid]?.results?.msg?.[0]?.data ?? '';
  if (!out.endsWith(`line ${FRAMES - 1} of the output\n`)) throw new Error('output was not appended');
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

bare(); full(); // warm-up
const bareMs: number[] = [];
const fullMs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  bareMs.push(bare());
  fullMs.push(full());
}
const b = median(bareMs);
const f = median(fullMs);
console.log(JSON.stringify({
  bench: 'reducer-throughput',
  frames: FRAMES,
  rounds: ROUNDS,
  bareJsonParse: { ms: +b.toFixed(1), perSecond: Math.round(FRAMES / (b / 1000)) },
  decodeMiddlewareReducers: { ms: +f.toFixed(1), perSecond: Math.round(FRAMES / (f / 1000)) },
  ratioToBareParse: +(f / b).toFixed(2),
}, null, 2));
