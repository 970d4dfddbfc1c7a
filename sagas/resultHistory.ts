/**
 * Result history (docs/protocol.md 3.11): asks our server for a paragraph's kept runs when the dialog opens, for
 * each picked run's results once, and for the list again when a run of the open paragraph ends meanwhile.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { parseHistoryList, parseHistoryRun, type ParagraphStatus } from '../protocol';
import { resultHistory, type HistoryTarget, type ResultHistoryState } from '../slices/resultHistory';
import type { RootState } from '../slices/rootReducer';
import { wsIn } from '../slices/wsActions';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

const historyPath = (t: HistoryTarget): string =>
  `/notebook/${encodeURIComponent(t.noteId)}/paragraph/${encodeURIComponent(t.paragraphId)}/history`;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const TERMINAL: ReadonlySet<ParagraphStatus> = new Set(['FINISHED', 'ERROR', 'ABORT']);

function* fetchList(deps: SagaDeps, a: { payload: HistoryTarget }): SagaIterator<void> {
  const target = { noteId: a.payload.noteId, paragraphId: a.payload.paragraphId };
  try {
    const body: unknown = yield call(restCall, deps, 'GET', historyPath(target));
    const parsed = parseHistoryList(body);
    if ('error' in parsed) yield put(resultHistory.listFailed({ ...target, message: `The server's answer is not a result history: ${parsed.error}` }));
    else yield put(resultHistory.listLoaded({ ...target, runs: parsed.runs }));
  } catch (e) {
    yield put(resultHistory.listFailed({ ...target, message: messageOf(e) }));
  }
}

/** Fetches the results of picked runs not fetched yet. */
function* fetchPicked(deps: SagaDeps): SagaIterator<void> {
  const s: ResultHistoryState = yield select((st: RootState) => st.resultHistory);
  const target = s.open;
  if (!target) return;
  for (const runId of s.picked) {
    if (s.details[runId] || s.detailErrors[runId]) continue;
    try {
      const body: unknown = yield call(restCall, deps, 'GET', `${historyPath(target)}/${encodeURIComponent(runId)}`);
      const parsed = parseHistoryRun(body);
      if ('error' in parsed) yield put(resultHistory.runFailed({ ...target, runId, message: `The server's answer is not a run: ${parsed.error}` }));
      else yield put(resultHistory.runLoaded({ ...target, run: parsed.run }));
    } catch (e) {
      yield put(resultHistory.runFailed({ ...target, runId, message: messageOf(e) }));
    }
  }
}

function* refreshOnRunEnd(a: ReturnType<typeof wsIn.PARAGRAPH>): SagaIterator<void> {
  const open: HistoryTarget | null = yield select((st: RootState) => st.resultHistory.open);
  const p = a.payload.paragraph;
  if (open && p.id === open.paragraphId && p.status !== undefined && TERMINAL.has(p.status)) yield put(resultHistory.refreshRequested(open));
}

export function* resultHistorySaga(deps: SagaDeps): SagaIterator<void> {
  yield takeLatest([resultHistory.opened.type, resultHistory.refreshRequested.type], function* list(a: ReturnType<typeof resultHistory.opened>) {
    yield* fetchList(deps, a);
  });
  yield takeLatest(resultHistory.runToggled.type, fetchPicked, deps);
  yield takeEvery(wsIn.PARAGRAPH.type, refreshOnRunEnd);
}
