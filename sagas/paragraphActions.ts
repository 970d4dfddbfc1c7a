/**
 * Paragraph intents → Zeppelin ops: run and cancel, the paragraph menu and its shortcuts, config toggles, title
 * edits, inserts and form values. Every edit passes the view-only / note-running guard first.
 *
 * Notes:
 * - One action per intent: the Run button, Shift+Enter, the menu and the palette all dispatch
 *   `notePage/commandInvoked` (paragraphCommand below), and every run, a form change's included, goes through
 *   runParagraph.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { helium } from '../slices/helium';
import { notePage } from '../slices/notePage';
import { ui } from '../slices/ui';
import { wsIn, wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { FormParams, ParagraphId } from '../protocol';
import { commandById, type CommandId } from '../slices/domain/commands';
import { toCodeText, toMarkdownText } from '../slices/domain/keymaps';
import { COL_WIDTH_MAX, COL_WIDTH_MIN, effectiveConfig } from '../slices/domain/noteModel';
import { selectOpenMeta, selectText, selectViewOnly } from '../slices/noteSelectors';
import { makePatchText } from '../protocol/textPatch';
import { selectOpenNoteParagraphIds } from '../slices/notes';
import type { SagaDeps } from './deps';
import { enabledSpellFor, runSelection } from './heliumRuntime';
import { commitParagraph, editBlocked, paragraphContext, sharedBase } from './noteCommon';

/** How long an insert waits for its PARAGRAPH_ADDED before it stops trying to focus the new paragraph. */
const INSERT_FOCUS_WAIT_MS = 5000;

/**
 * The one way a paragraph is run, whatever asked (button, key, menu, palette, a form change, a note form, an
 * HTML result's angular call). `params` are form values to run with, over the stored ones.
 */
export function* runParagraph(id: ParagraphId, params?: FormParams): SagaIterator<void> {
  if (yield* editBlocked()) return;
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  const { p, text } = ctx;
  const config = effectiveConfig(p.config);
  // Spec: running needs non-empty text; a disabled paragraph is not run from the page.
  if (!text.trim() || !config.enabled) return;
  // An enabled spell runs here in the browser; its result reaches the server afterwards.
  if (yield* enabledSpellFor(text)) {
    yield put(helium.spellRunRequested({ id }));
    return;
  }
  const s: RootState = yield select();
  const editorSetting = s.interpreters.editorSettings[id] ?? p.config?.editorSetting;
  // Markdown-like paragraphs (edit on double-click) hide their editor once run, as Zeppelin does.
  const runConfig = editorSetting?.editOnDblClick ? { ...p.config, editorHide: true, tableHide: false } : p.config ?? {};
  // While collaborating, the run also carries our own change since we last shared the text, so the server can keep
  // a collaborator's patch that has not reached us yet (server/ws/collabText.ts).
  const base = s.notes.collaborative.status ? yield* sharedBase() : undefined;
  const patch = base ? makePatchText(base.get(id) ?? p.text ?? '', text) : undefined;
  const runParams = params ?? p.settings?.params ?? {};
  yield put(wsOut.RUN_PARAGRAPH({ id, paragraph: text, title: p.title, params: runParams, config: runConfig, ...(patch === undefined ? {} : { patch }) }));
  base?.set(id, text);
}

function* insertAt(deps: SagaDeps, index: number): SagaIterator<void> {
  if (yield* editBlocked()) return;
  yield put(wsOut.INSERT_PARAGRAPH({ index }));
  const { added }: { added?: ReturnType<typeof wsIn.PARAGRAPH_ADDED> } = yield race({
    added: take(wsIn.PARAGRAPH_ADDED.type),
    timeout: call(deps.sleep, INSERT_FOCUS_WAIT_MS),
  });
  if (added) yield put(notePage.focusRequested({ id: added.payload.paragraph.id, at: 'end' }));
}

function* removeParagraph(id: ParagraphId): SagaIterator<void> {
  const ids: ParagraphId[] = yield select(selectOpenNoteParagraphIds);
  if (ids.length <= 1) {
    yield put(notePage.dialogOpened({ kind: 'lastParagraph' }));
    return;
  }
  yield put(notePage.dialogOpened({ kind: 'removeParagraph', id }));
}

function* toggle(id: ParagraphId, key: 'enabled' | 'tableHide' | 'editorHide' | 'lineNumbers' | 'title'): SagaIterator<void> {
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  const c = effectiveConfig(ctx.p.config);
  yield* commitParagraph(id, { config: { [key]: !c[key] } });
}

/** Jupyter's M / Y: the new text shows in the editor at once and is saved. */
function* changeKind(id: ParagraphId, change: (text: string) => string): SagaIterator<void> {
  if (yield* editBlocked()) return;
  const s: RootState = yield select();
  const before = selectText(s, id);
  const text = change(before);
  if (text === before) return;
  yield put(notePage.draftChanged({ id, text }));
  yield* commitParagraph(id, { text });
}

function* resize(id: ParagraphId, delta: number): SagaIterator<void> {
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  const w = effectiveConfig(ctx.p.config).colWidth + delta;
  if (w < COL_WIDTH_MIN || w > COL_WIDTH_MAX) return;
  yield* commitParagraph(id, { config: { colWidth: w } });
}

export function* paragraphCommand(deps: SagaDeps, command: CommandId, id: ParagraphId): SagaIterator<void> {
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  const ids = selectOpenNoteParagraphIds(s);
  const index = ids.indexOf(id);
  if (!meta || index < 0) return;
  if (commandById(command).edits && selectViewOnly(s)) return;
  switch (command) {
    case 'run': return yield* runParagraph(id);
    case 'runAbove': return yield* runSelection((ps) => ps.slice(0, index));
    case 'runBelow': return yield* runSelection((ps) => ps.slice(index));
    case 'cancel':
      yield put(wsOut.CANCEL_PARAGRAPH({ id }));
      return;
    case 'cursorUp':
      if (index > 0) yield put(notePage.focusRequested({ id: ids[index - 1], at: 'end' }));
      return;
    case 'cursorDown':
      if (index < ids.length - 1) yield put(notePage.focusRequested({ id: ids[index + 1], at: 'start' }));
      return;
    case 'remove': return yield* removeParagraph(id);
    case 'insertAbove': return yield* insertAt(deps, index);
    case 'insertBelow': return yield* insertAt(deps, index + 1);
    case 'clone': {
      if (yield* editBlocked()) return;
      const p = s.paragraphs.entities[id];
      if (!p) return;
      yield put(wsOut.COPY_PARAGRAPH({
        index: index + 1, title: p.title, paragraph: selectText(s, id), config: p.config ?? {}, params: p.settings?.params ?? {},
      }));
      return;
    }
    case 'moveUp':
      if (index > 0 && !(yield* editBlocked())) yield put(wsOut.MOVE_PARAGRAPH({ id, index: index - 1 }));
      return;
    case 'moveDown':
      if (index < ids.length - 1 && !(yield* editBlocked())) yield put(wsOut.MOVE_PARAGRAPH({ id, index: index + 1 }));
      return;
    case 'toggleEnabled': return yield* toggle(id, 'enabled');
    case 'toggleOutput': return yield* toggle(id, 'tableHide');
    case 'toggleEditor': return yield* toggle(id, 'editorHide');
    case 'toggleLineNumbers': return yield* toggle(id, 'lineNumbers');
    case 'toggleTitle': return yield* toggle(id, 'title');
    case 'clearOutput':
      if (!(yield* editBlocked())) yield put(wsOut.PARAGRAPH_CLEAR_OUTPUT({ id }));
      return;
    case 'toMarkdown': return yield* changeKind(id, toMarkdownText);
    case 'toCode': return yield* changeKind(id, toCodeText);
    case 'narrower': return yield* resize(id, -1);
    case 'wider': return yield* resize(id, 1);
    case 'link':
      yield call(deps.openWindow, `#/notebook/${meta.id}/paragraph/${id}?asIframe`);
      return;
    case 'copyId': {
      const ok: boolean = yield call(deps.copyText, id);
      yield put(ui.toastShown({ text: ok ? 'Copied!' : 'Not supported browser', level: ok ? 'success' : 'warning' }));
      return;
    }
    default:
      return;
  }
}

function* onRemoveConfirmed(action: ReturnType<typeof notePage.dialogConfirmed>): SagaIterator<void> {
  const d = action.payload.dialog;
  if (d.kind !== 'removeParagraph' || (yield* editBlocked())) return;
  yield put(wsOut.PARAGRAPH_REMOVE({ id: d.id }));
}

function* onParamsChanged(action: ReturnType<typeof notePage.paramsChanged>): SagaIterator<void> {
  const { id, params, run } = action.payload;
  const ctx = yield* paragraphContext(id);
  if (!ctx || (yield* editBlocked())) return;
  const merged = { ...ctx.p.settings?.params, ...params };
  if (run) yield* runParagraph(id, merged);
  else yield* commitParagraph(id, { params: merged });
}

function* onTitleChanged(action: ReturnType<typeof notePage.titleChanged>): SagaIterator<void> {
  const ctx = yield* paragraphContext(action.payload.id);
  if (!ctx || (ctx.p.title ?? '') === action.payload.title) return;
  yield* commitParagraph(action.payload.id, { title: action.payload.title });
}

function* onResultHeight(action: ReturnType<typeof notePage.resultHeightChanged>): SagaIterator<void> {
  const { id, index, height } = action.payload;
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  const results = { ...ctx.p.config?.results };
  const prev = results[String(index)] ?? {};
  results[String(index)] = { ...prev, graph: { ...prev.graph, height } };
  yield* commitParagraph(id, { config: { results } });
}

function* onResultConfig(action: ReturnType<typeof notePage.resultConfigChanged>): SagaIterator<void> {
  const { id, index, config } = action.payload;
  const ctx = yield* paragraphContext(id);
  if (!ctx) return;
  // Spec: changing a visualisation's mode or settings commits the paragraph.
  yield* commitParagraph(id, { config: { results: { ...ctx.p.config?.results, [String(index)]: config } } });
}

export function* paragraphActionsSaga(): SagaIterator<void> {
  yield takeEvery(notePage.configChanged.type, function* onConfig(a: ReturnType<typeof notePage.configChanged>) {
    yield* commitParagraph(a.payload.id, { config: a.payload.config });
  });
  yield takeEvery(notePage.dialogConfirmed.type, onRemoveConfirmed);
  yield takeEvery(notePage.paramsChanged.type, onParamsChanged);
  yield takeEvery(notePage.titleChanged.type, onTitleChanged);
  yield takeEvery(notePage.resultHeightChanged.type, onResultHeight);
  yield takeEvery(notePage.resultConfigChanged.type, onResultConfig);
}

