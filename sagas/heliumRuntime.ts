/**
 * Helium on the note page: spells run in the browser and are reported to the server, applications are suggested
 * for and loaded into paragraphs, and the enabled packages are re-read whenever the Helium page changes them.
 *
 * Notes:
 * - A spell runs only when its package is enabled and its bundle registered; any other `%magic` goes to the server
 *   as an interpreter name (which answers "interpreter not found" for an unknown one).
 * - The spell's own text is what follows the magic and one separating space or newline.
 * - Run all / above / below cannot hand a spell to the server (it has no such interpreter). When an enabled spell is
 *   among the paragraphs, the browser drives the run in note order: each stretch of server paragraphs goes out as
 *   one RUN_ALL_PARAGRAPHS and is waited for (NOTE_RUNNING_STATUS false), each spell runs here in between, and the
 *   first failure ends the run as the server's own run-all would. Without a spell the single RUN_ALL_PARAGRAPHS is
 *   sent exactly as before.
 */
import type { SagaIterator } from 'redux-saga';
import { call, join, put, race, select, spawn, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { adminHelium } from '../slices/adminHelium';
import { connection } from '../slices/connection';
import { helium, type RunAllWithSpellsOutcome, type SpellOutcome } from '../slices/helium';
import { route } from '../slices/route';
import { ui } from '../slices/ui';
import type { SpellBundle } from './heliumRegistry';
import type { RootState } from '../slices/rootReducer';
import { wsIn, wsOut } from '../slices/wsActions';
import type { HeliumPackage, Paragraph, ParagraphId, RunAllEntry } from '../protocol';
import { effectiveConfig } from '../slices/domain/noteModel';
import { selectOpenMeta, selectOrderedParagraphs, selectText } from '../slices/noteSelectors';
import { failureText } from './adminAccess';
import { sagaDeps, type SagaDeps } from './deps';
import { refreshEnabledPackages } from './helium';
import { commitParagraph, editBlocked, paragraphContext, runAllEntries, runMany } from './noteCommon';
import { restCall } from './rest';

/** The registered spell for a paragraph text, when its package is enabled. */
export function* enabledSpellFor(text: string): SagaIterator<SpellBundle | undefined> {
  const deps: SagaDeps = yield* sagaDeps();
  const spell = deps.helium.spellFor(text);
  if (!spell) return undefined;
  const packages: RootState['helium']['packages'] = yield select((s: RootState) => s.helium.packages);
  return packages.some((p) => p.type === 'SPELL' && p.name === spell.name) ? spell : undefined;
}

export const spellBody = (text: string, magic: string): string => {
  const at = text.indexOf(magic) + magic.length;
  return text.slice(at).replace(/^[ \t]*\r?\n|^[ \t]/, '');
};

interface ParsedPart {
  type?: string;
  data: unknown;
  magic?: string;
  text?: string;
}

const isSpellResult = (v: unknown): v is { getAllParsedDataWithTypes(known: unknown, magic: string, text: string): Promise<ParsedPart[]> } =>
  !!v && typeof (v as { getAllParsedDataWithTypes?: unknown }).getAllParsedDataWithTypes === 'function';

/**
 * Runs the spell (Zeppelin's `interpret(text, config)`) and turns its SpellResult into results the server can
 * store: an ELEMENT part (a function that draws into an element) travels as the spell's magic and text, which every
 * viewer then draws by running the spell as a display (Zeppelin's createPropagable).
 */
export async function interpretSpell(spell: SpellBundle, body: string, config: Record<string, unknown>, known: Record<string, unknown>): Promise<SpellResultMsg[]> {
  const answer = spell.spell.interpret(body, config);
  if (!isSpellResult(answer)) throw new Error(`The spell ${spell.magic} answered no SpellResult`);
  const parts = await answer.getAllParsedDataWithTypes(known, spell.magic, body);
  return parts.map((part) => (typeof part.data === 'function'
    ? { type: part.magic ?? spell.magic, data: part.text ?? body }
    : { type: part.type ?? 'TEXT', data: part.data === undefined || part.data === null ? '' : String(part.data) }));
}

export interface SpellResultMsg {
  type: string;
  data: string;
}

/** Runs and reports the paragraph's spell; the outcome's status, or null when there was nothing to run. */
export function* runSpell(deps: SagaDeps, id: ParagraphId): SagaIterator<SpellOutcome['status'] | null> {
  const ctx = yield* paragraphContext(id);
  if (!ctx) return null;
  const { p, text } = ctx;
  const spell = yield* enabledSpellFor(text);
  if (!spell) return null;
  const s: RootState = yield select();
  const config = s.helium.packages.find((x) => x.name === spell.name)?.config ?? {};
  const dateStarted = new Date((yield call(deps.now)) as number).toISOString();
  yield put(helium.spellRunStarted({ id, dateStarted }));
  let outcome: Omit<SpellOutcome, 'dateFinished'>;
  try {
    const msg: SpellResultMsg[] = yield call(interpretSpell, spell, spellBody(text, spell.magic), config, deps.helium.spellsByMagic());
    outcome = { id, text, dateStarted, status: 'FINISHED', results: { code: 'SUCCESS', msg } };
  } catch (e) {
    // Spec: a spell error puts the paragraph into an error state.
    const message = e instanceof Error ? e.message : String(e);
    outcome = { id, text, dateStarted, status: 'ERROR', errorMessage: message, results: { code: 'ERROR', msg: [{ type: 'TEXT', data: message }] } };
  }
  const dateFinished = new Date((yield call(deps.now)) as number).toISOString();
  yield put(helium.spellRunFinished({ ...outcome, dateFinished }));
  yield put(wsOut.PARAGRAPH_EXECUTED_BY_SPELL({
    id, title: p.title, paragraph: text,
    results: { code: outcome.results.code, msg: outcome.results.msg.map((m) => ({ type: m.type, serializedData: m.data })) },
    status: outcome.status, errorMessage: outcome.errorMessage ?? '', config: p.config ?? {}, params: p.settings?.params ?? {},
    dateStarted, dateFinished,
  }));
  return outcome.status;
}

/** What a single run of the paragraph would do: run the spell here (same rules as `runParagraph`). */
function* runsAsSpell(p: Paragraph, text: string): SagaIterator<boolean> {
  if (!text.trim() || !effectiveConfig(p.config).enabled) return false;
  return !!(yield* enabledSpellFor(text));
}

/** Run all / above / below for the paragraphs `pick` chooses from the open note, in note order. */
export function* runSelection(pick: (ps: Paragraph[]) => Paragraph[]): SagaIterator<void> {
  if (yield* editBlocked()) return;
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  if (!meta) return;
  const picked = pick(selectOrderedParagraphs(s));
  for (const p of picked) {
    if (yield* runsAsSpell(p, selectText(s, p.id))) {
      yield put(helium.runAllWithSpellsRequested({ noteId: meta.id, ids: picked.map((x) => x.id) }));
      return;
    }
  }
  yield* runMany(pick);
}

/**
 * One stretch of server paragraphs as a RUN_ALL_PARAGRAPHS, with the text each has now; true when all of them
 * finished. The statuses are read when the server says the run is over: a paragraph after a failure is still
 * PENDING (from the send) or keeps its old status, and the failing one is ERROR or ABORT, so either way the
 * stretch does not count as finished.
 */
function* runOnServer(noteId: string, ids: ParagraphId[]): SagaIterator<boolean> {
  const s: RootState = yield select();
  const entries: RunAllEntry[] = yield* runAllEntries(ids.flatMap((id) => s.paragraphs.entities[id] ?? []));
  if (entries.length === 0) return true;
  yield put(wsOut.RUN_ALL_PARAGRAPHS({ noteId, paragraphs: JSON.stringify(entries) }));
  // The server answers a run-all with NOTE_RUNNING_STATUS true, or refuses it with an ERROR_INFO (already running,
  // no permission), after which no end would ever come.
  const { refused }: { refused?: unknown } = yield race({
    started: take((a: unknown) => wsIn.NOTE_RUNNING_STATUS.match(a) && a.payload.status),
    refused: take(wsIn.ERROR_INFO.type),
  });
  if (refused) return false;
  yield take((a: unknown) => wsIn.NOTE_RUNNING_STATUS.match(a) && !a.payload.status);
  const after: RootState = yield select();
  return entries.every(({ id }) => {
    const p = after.paragraphs.entities[id];
    return !p || (p.status === 'FINISHED' && p.results?.code !== 'ERROR');
  });
}

function* isSpellStep(id: ParagraphId): SagaIterator<boolean> {
  const s: RootState = yield select();
  const p = s.paragraphs.entities[id];
  return !!p && (yield* runsAsSpell(p, selectText(s, id)));
}

function* runSteps(deps: SagaDeps, noteId: string, ids: ParagraphId[]): SagaIterator<'finished' | 'failed'> {
  let i = 0;
  while (i < ids.length) {
    if (yield* isSpellStep(ids[i])) {
      // Spawned, so a spell that has started still finishes and is reported when the run is stopped meanwhile:
      // its paragraph must not stay RUNNING.
      const task = yield spawn(runSpell, deps, ids[i]);
      const status: SpellOutcome['status'] | null = yield join(task);
      if (status === 'ERROR') return 'failed';
      i += 1;
      continue;
    }
    const stretch: ParagraphId[] = [];
    while (i < ids.length && !(yield* isSpellStep(ids[i]))) stretch.push(ids[i++]);
    if (!(yield* runOnServer(noteId, stretch))) return 'failed';
  }
  return 'finished';
}

/** Ends when the user navigates away from the note (another page, another note, a revision of it). */
function* leftNote(noteId: string): SagaIterator<void> {
  for (;;) {
    yield take(route.changed.type);
    const m: RootState['route']['match'] = yield select((s: RootState) => s.route.match);
    if (m.page !== 'note' || m.noteId !== noteId || m.revisionId) return;
  }
}

function* runAllWithSpells(deps: SagaDeps, a: ReturnType<typeof helium.runAllWithSpellsRequested>): SagaIterator<void> {
  const { noteId, ids } = a.payload;
  // Stop all ends the browser's part too (the server aborts its own); so do leaving the note and losing the
  // connection, after which no NOTE_RUNNING_STATUS for this run can be trusted to arrive.
  // Only the winner's key is set (a finished `leftNote` sets it to undefined).
  const r: { steps?: 'finished' | 'failed'; stopped?: unknown; left?: unknown } = yield race({
    steps: call(runSteps, deps, noteId, ids),
    stopped: take(wsOut.CANCEL_ALL_PARAGRAPHS.type),
    left: call(leftNote, noteId),
    disconnected: take(connection.closed.type),
  });
  const outcome: RunAllWithSpellsOutcome = r.steps ?? ('stopped' in r ? 'stopped' : 'left' in r ? 'left' : 'disconnected');
  yield put(helium.runAllWithSpellsEnded({ noteId, outcome }));
}

function* onSuggest(deps: SagaDeps, a: ReturnType<typeof helium.suggestRequested>): SagaIterator<void> {
  const { paragraphId } = a.payload;
  const ctx = yield* paragraphContext(paragraphId);
  if (!ctx) return;
  try {
    const answer = (yield call(restCall, deps, 'GET', `/helium/suggest/${encodeURIComponent(ctx.noteId)}/${encodeURIComponent(paragraphId)}`)) as
      { available?: { pkg?: HeliumPackage }[] } | undefined;
    const available = (answer?.available ?? []).map((r) => r.pkg).filter((x): x is HeliumPackage => !!x && typeof x.name === 'string');
    yield put(helium.suggestLoaded({ paragraphId, available }));
  } catch (e) {
    yield put(helium.suggestFailed({ paragraphId, error: failureText(e, 'Could not connect to server.') }));
  }
}

function* setActiveApp(paragraphId: ParagraphId, appId: string | null): SagaIterator<void> {
  const ctx = yield* paragraphContext(paragraphId);
  if (!ctx) return;
  const { activeApp: _previous, ...rest } = ctx.p.config?.helium ?? {};
  yield* commitParagraph(paragraphId, { config: { helium: appId === null ? rest : { ...rest, activeApp: appId } } });
}

function* onAppLoad(deps: SagaDeps, a: ReturnType<typeof helium.appLoadRequested>): SagaIterator<void> {
  const { paragraphId, pkg } = a.payload;
  const ctx = yield* paragraphContext(paragraphId);
  if (!ctx) return;
  try {
    const appId = (yield call(restCall, deps, 'POST', `/helium/load/${encodeURIComponent(ctx.noteId)}/${encodeURIComponent(paragraphId)}`, pkg)) as unknown;
    if (typeof appId !== 'string' || appId === '') throw new Error('The server did not answer an application id');
    yield* setActiveApp(paragraphId, appId);
  } catch (e) {
    yield put(ui.toastShown({ text: `Application ${pkg.name} could not be loaded: ${failureText(e, e instanceof Error ? e.message : 'Could not connect to server.')}`, level: 'danger' }));
  }
}

export function* heliumRuntimeSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(helium.spellRunRequested.type, function* onSpell(a: ReturnType<typeof helium.spellRunRequested>) {
    yield* runSpell(deps, a.payload.id);
  });
  // One browser-driven run at a time: a second request while one runs is dropped, as the server refuses a second
  // run-all of a running note.
  yield takeLeading(helium.runAllWithSpellsRequested.type, runAllWithSpells, deps);
  yield takeEvery(helium.suggestRequested.type, onSuggest, deps);
  yield takeEvery(helium.appLoadRequested.type, onAppLoad, deps);
  yield takeEvery(helium.appSelected.type, function* onSelect(a: ReturnType<typeof helium.appSelected>) {
    yield* setActiveApp(a.payload.paragraphId, a.payload.appId);
  });
  // The note page follows the Helium page: enabling, disabling, reordering or configuring a package.
  yield takeEvery([adminHelium.toggleFinished.type, adminHelium.orderSaved.type, adminHelium.configClosed.type], refreshEnabledPackages, deps);
}
