/**
 * The note page's sagas: what happens when a note opens (permissions, bindings, deep links), saving editor text
 * (on blur, 10 s after the last change, or as patches while collaborating), editor settings and completion,
 * angular objects, and the command dispatcher that keys, menus and the palette all go through.
 *
 * Notes:
 * - Collaborative patches are diffs against what the server last had, so the base text is kept here per
 *   paragraph and moved on with every patch sent or received.
 */
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { notePage } from '../slices/notePage';
import { wsIn, wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { ParagraphId } from '../protocol';
import { commandById } from '../slices/domain/commands';
import { AUTOSAVE_MS, COMPLETION_WAIT_MS, magicOf } from '../slices/domain/noteModel';
import { selectEditBlocked, selectOpenMeta, selectText } from '../slices/noteSelectors';
import { makePatchText } from '../protocol/textPatch';
import type { SagaDeps } from './deps';
import { commitParagraph, sharedBase, type SharedBase } from './noteCommon';
import { loadPermissions, noteCommand, noteToolsSaga } from './noteTools';
import { paragraphActionsSaga, paragraphCommand } from './paragraphActions';

function* saveIfChanged(base: SharedBase, id: ParagraphId): SagaIterator<void> {
  const s: RootState = yield select();
  const draft = s.notePage.drafts[id];
  const p = s.paragraphs.entities[id];
  // Spec: saved only if the text differs from the last saved text.
  if (draft === undefined || !p || draft === (p.text ?? '')) return;
  if (!s.notes.collaborative.status) {
    yield* commitParagraph(id, { text: draft });
    return;
  }
  // Our draft may lack a collaborator's patch that is still on its way to us: the whole text would undo it on the
  // server. Our server applies `patch` (what we changed since we last shared) to its own copy instead.
  const from = base.get(id) ?? p.text ?? '';
  if (yield* commitParagraph(id, { text: draft, patch: makePatchText(from, draft) })) base.set(id, draft);
}

function* autosave(deps: SagaDeps, base: SharedBase): SagaIterator<void> {
  yield call(deps.sleep, AUTOSAVE_MS);
  const ids: string[] = yield select((s: RootState) => Object.keys(s.notePage.drafts));
  for (const id of ids) yield* saveIfChanged(base, id);
}

function* watchText(deps: SagaDeps): SagaIterator<void> {
  const base: SharedBase = yield* sharedBase();
  const magics = new Map<ParagraphId, string | null>();
  // Numbers our patches, so that our server's resync can say which of them its text holds (slices/notePage.ts).
  let patchSeq = 0;
  yield takeEvery(notePage.draftChanged.type, function* onDraft(a: ReturnType<typeof notePage.draftChanged>) {
    const { id, text } = a.payload;
    const s: RootState = yield select();
    const meta = selectOpenMeta(s);
    if (!meta) return;
    const before = magics.has(id) ? magics.get(id) : magicOf(s.paragraphs.entities[id]?.text);
    const now = magicOf(text);
    magics.set(id, now);
    if (now !== before) yield put(wsOut.EDITOR_SETTING({ paragraphId: id, paragraphText: text }));
    if (s.notes.collaborative.status && !selectEditBlocked(s)) {
      const from = base.get(id) ?? s.paragraphs.entities[id]?.text ?? '';
      if (from !== text) yield put(wsOut.PATCH_PARAGRAPH({ id, noteId: meta.id, patch: makePatchText(from, text), seq: ++patchSeq }));
      base.set(id, text);
    }
  });
  yield takeEvery(wsIn.PATCH_PARAGRAPH.type, function* onPatch(a: ReturnType<typeof wsIn.PATCH_PARAGRAPH>) {
    const text: string = yield select(selectText, a.payload.paragraphId);
    base.set(a.payload.paragraphId, text);
  });
  yield takeEvery(wsIn.PARAGRAPH.type, function* onParagraph(a: ReturnType<typeof wsIn.PARAGRAPH>) {
    // While collaborating the base stays: our next patch must hold only our next change, not the difference to a
    // text that lacks our patches still on their way to the server.
    const together: boolean = yield select((s: RootState) => s.notes.collaborative.status);
    if (!together) base.delete(a.payload.paragraph.id);
    magics.delete(a.payload.paragraph.id);
  });
  yield takeEvery(wsIn.COLLABORATIVE_MODE_STATUS.type, function onStatus(a: ReturnType<typeof wsIn.COLLABORATIVE_MODE_STATUS>) {
    if (!a.payload.status) base.clear();
  });
  yield takeEvery(notePage.draftsSaveRequested.type, function* onSaveAll() {
    // A draft whose text is already on its way (the blur that came with the click) is not sent twice.
    const ids: string[] = yield select((s: RootState) => Object.entries(s.notePage.drafts).filter(([id, text]) => s.notePage.sent[id] !== text).map(([id]) => id));
    for (const id of ids) yield* saveIfChanged(base, id);
  });
  yield takeEvery(notePage.editorBlurred.type, function* onBlur(a: ReturnType<typeof notePage.editorBlurred>) {
    yield* saveIfChanged(base, a.payload.id);
  });
  yield takeLatest(notePage.draftChanged.type, autosave, deps, base);
}

function* onNoteOpened(deps: SagaDeps, a: ReturnType<typeof wsIn.NOTE>): SagaIterator<void> {
  const note = a.payload.note;
  const s: RootState = yield select();
  const m = s.route.match;
  if (!note || m.page !== 'note' || m.noteId !== note.id) return;
  yield fork(loadPermissions, deps, note.id);
  yield put(wsOut.GET_INTERPRETER_BINDINGS({ noteId: note.id }));
  const q = new URLSearchParams(s.route.search);
  const target = m.paragraphId ?? q.get('paragraph');
  if (target && note.paragraphs.some((p) => p.id === target)) yield put(notePage.focusRequested({ id: target, at: 'start' }));
  // A new note (one empty paragraph) is opened to be typed in, as in Zeppelin.
  else if (note.paragraphs.length === 1 && !note.paragraphs[0].text) yield put(notePage.focusRequested({ id: note.paragraphs[0].id, at: 'end' }));
  const term = q.get('term');
  if (term) yield put(notePage.findOpened({ term }));
}

function* onCommand(deps: SagaDeps, a: ReturnType<typeof notePage.commandInvoked>): SagaIterator<void> {
  const command = commandById(a.payload.command);
  if (command.paragraph) {
    const id: ParagraphId | null = a.payload.id ?? (yield select((s: RootState) => s.notePage.focusedId));
    if (id) yield* paragraphCommand(deps, command.id, id);
    return;
  }
  yield* noteCommand(deps, command.id);
}

function* onAngular(a: ReturnType<typeof notePage.angularValueSet | typeof notePage.angularBindRequested | typeof notePage.angularUnbindRequested>): SagaIterator<void> {
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  if (!meta) return;
  const { paragraphId, name } = a.payload;
  if (notePage.angularBindRequested.match(a)) {
    yield put(wsOut.ANGULAR_OBJECT_CLIENT_BIND({ noteId: meta.id, paragraphId, name, value: a.payload.value }));
  } else if (notePage.angularUnbindRequested.match(a)) {
    yield put(wsOut.ANGULAR_OBJECT_CLIENT_UNBIND({ noteId: meta.id, paragraphId, name }));
  } else if (notePage.angularValueSet.match(a)) {
    const scope = [s.notePage.angular[paragraphId], s.notePage.angular['']].find((sc) => sc && name in sc);
    if (!scope) return;
    // Bound from this page, so its interpreter group is not known here: binding again says the same thing.
    if (scope[name].interpreterGroupId === '' && scope === s.notePage.angular[paragraphId]) {
      yield put(wsOut.ANGULAR_OBJECT_CLIENT_BIND({ noteId: meta.id, paragraphId, name, value: a.payload.value }));
      return;
    }
    yield put(wsOut.ANGULAR_OBJECT_UPDATED({
      noteId: meta.id, paragraphId, interpreterGroupId: scope[name].interpreterGroupId, name, value: a.payload.value,
    }));
  }
}

/** COMPLETION, and an empty answer for the editor when the server does not answer in time. */
function* onCompletion(deps: SagaDeps, a: ReturnType<typeof notePage.completionRequested>): SagaIterator<void> {
  const { id, buf, cursor } = a.payload;
  const seq: number = yield select((s: RootState) => s.notePage.completionSeq);
  yield put(wsOut.COMPLETION({ id, buf, cursor }));
  const r: { answer?: unknown } = yield race({
    answer: take((x: Action) => wsIn.COMPLETION_LIST.match(x) && x.payload.id === id),
    timeout: call(deps.sleep, COMPLETION_WAIT_MS),
  });
  if (!r.answer) yield put(notePage.completionTimedOut({ id, seq }));
}

/** One EDITOR_SETTING per editor shown, as Zeppelin's UIs do (editors far off screen are not shown, so never ask). */
function* onEditorMounted(a: ReturnType<typeof notePage.editorMounted>): SagaIterator<void> {
  const s: RootState = yield select();
  const id = a.payload.id;
  if (s.interpreters.editorSettings[id] || !s.paragraphs.entities[id]) return;
  yield put(wsOut.EDITOR_SETTING({ paragraphId: id, paragraphText: selectText(s, id) }));
}

function* onResultDownload(deps: SagaDeps, a: ReturnType<typeof notePage.resultDownloadRequested>): SagaIterator<void> {
  const s: RootState = yield select();
  const msg = s.paragraphs.entities[a.payload.id]?.results?.msg?.[a.payload.index];
  if (!msg) return;
  const ext = msg.type === 'HTML' ? 'html' : msg.type === 'TABLE' ? 'tsv' : msg.type === 'IMG' ? 'png.base64' : 'txt';
  yield call(deps.download, `${a.payload.id}-${a.payload.index}.${ext}`, msg.data, 'text/plain');
}

export function* notePageSaga(deps: SagaDeps): SagaIterator<void> {
  yield fork(paragraphActionsSaga);
  yield fork(noteToolsSaga, deps);
  yield fork(watchText, deps);
  yield takeEvery(wsIn.NOTE.type, onNoteOpened, deps);
  yield takeEvery(notePage.commandInvoked.type, onCommand, deps);
  yield takeEvery([notePage.angularValueSet.type, notePage.angularBindRequested.type, notePage.angularUnbindRequested.type], onAngular);
  yield takeEvery(notePage.completionRequested.type, onCompletion, deps);
  yield takeEvery(notePage.editorMounted.type, onEditorMounted);
  yield takeEvery(notePage.resultDownloadRequested.type, onResultDownload, deps);
}
