/**
 * Helium on the note page: spells run in the browser and are reported to the server, applications are suggested
 * for and loaded into paragraphs, and the enabled packages are re-read whenever the Helium page changes them.
 *
 * Notes:
 * - A spell runs only when its package is enabled and its bundle registered; any other `%magic` goes to the server
 *   as an interpreter name (which answers "interpreter not found" for an unknown one).
 * - The spell's own text is what follows the magic and one separating space or newline.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { adminHelium } from '../slices/adminHelium';
import { helium, type SpellOutcome } from '../slices/helium';
import { ui } from '../slices/ui';
import { heliumRegistry, type SpellPlugin, type SpellResult } from '../src/helium/registry';
import type { RootState } from '../src/app/rootReducer';
import { wsOut } from '../src/protocol/actions';
import type { HeliumPackage, ParagraphId } from '../src/protocol';
import { failureText } from './adminAccess';
import type { SagaDeps } from './deps';
import { refreshEnabledPackages } from './helium';
import { commitParagraph, paragraphContext } from './noteCommon';
import { restCall } from './rest';

const SPELL_TYPES = new Set(['TEXT', 'HTML', 'TABLE']);

/** The registered spell for a paragraph text, when its package is enabled. */
export function* enabledSpellFor(text: string): SagaIterator<SpellPlugin | undefined> {
  const spell = heliumRegistry.spellFor(text);
  if (!spell) return undefined;
  const packages: RootState['helium']['packages'] = yield select((s: RootState) => s.helium.packages);
  return packages.some((p) => p.type === 'SPELL' && p.name === spell.name) ? spell : undefined;
}

export const spellBody = (text: string, magic: string): string => {
  const at = text.indexOf(magic) + magic.length;
  return text.slice(at).replace(/^[ \t]*\r?\n|^[ \t]/, '');
};

function checkResults(value: unknown): SpellResult[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((r: unknown, i) => {
    const x = r as { type?: unknown; data?: unknown } | null;
    if (!x || typeof x.type !== 'string' || !SPELL_TYPES.has(x.type) || typeof x.data !== 'string') {
      throw new Error(`The spell answered an invalid result ${i + 1}: expected {type: TEXT|HTML|TABLE, data: string}`);
    }
    return { type: x.type as SpellResult['type'], data: x.data };
  });
}

export function* runSpell(deps: SagaDeps, id: ParagraphId): SagaIterator<void> {
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  const { p, text } = ctx;
  const spell = yield* enabledSpellFor(text);
  if (!spell) return;
  const s: RootState = yield select();
  const config = s.helium.packages.find((x) => x.name === spell.name)?.config ?? {};
  const dateStarted = new Date((yield call(deps.now)) as number).toISOString();
  yield put(helium.spellRunStarted({ id, dateStarted }));
  let outcome: Omit<SpellOutcome, 'dateFinished'>;
  try {
    const answer: unknown = yield call([spell, spell.interpret], spellBody(text, spell.magic), config);
    outcome = { id, text, dateStarted, status: 'FINISHED', results: { code: 'SUCCESS', msg: checkResults(answer) } };
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
  yield takeEvery(helium.suggestRequested.type, onSuggest, deps);
  yield takeEvery(helium.appLoadRequested.type, onAppLoad, deps);
  yield takeEvery(helium.appSelected.type, function* onSelect(a: ReturnType<typeof helium.appSelected>) {
    yield* setActiveApp(a.payload.paragraphId, a.payload.appId);
  });
  // The note page follows the Helium page: enabling, disabling, reordering or configuring a package.
  yield takeEvery([adminHelium.toggleFinished.type, adminHelium.orderSaved.type, adminHelium.configClosed.type], refreshEnabledPackages, deps);
}
