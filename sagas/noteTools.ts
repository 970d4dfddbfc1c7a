/**
 * The note toolbar and its panels: run/stop all, show/hide all, clear all, clone, trash, delete, export, reload,
 * look and feel, rename, personalized mode, cron, note forms, interpreter bindings, permissions, find and replace.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { notePage, PERMISSION_KEYS, selectHasDrafts, type NoteDialog, type NotePageState } from '../slices/notePage';
import { ui } from '../slices/ui';
import { wsIn, wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import { HttpError } from './restClient';
import type { InterpreterBinding, Note, Permissions } from '../protocol';
import { effectiveConfig, findMatches, splitNames, USER_SEARCH_DELAY_MS, USER_SEARCH_MIN_CHARS } from '../slices/domain/noteModel';
import { selectEditBlocked, selectIsNoteOwner, selectOpenMeta, selectOrderedParagraphs, selectRunStalePlan, selectStaleInputs, selectText, selectViewOnly } from '../slices/noteSelectors';
import { usersOfNoteForm, type StaleInput } from '../slices/domain/staleness';
import type { SagaDeps } from './deps';
import { runSelection } from './heliumRuntime';
import { commitParagraph } from './noteCommon';
import { runParagraph } from './paragraphActions';
import { restCall } from './rest';

type Meta = NonNullable<ReturnType<typeof selectOpenMeta>>;

function* openMeta(): SagaIterator<Meta | null> {
  const meta: Meta | null = yield select(selectOpenMeta);
  return meta;
}

/** `<name> N`, N one above the highest clone number already used next to the note (Zeppelin's convention). */
export function cloneName(path: string, existing: string[]): string {
  const esc = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^${esc} (\\d+)$`);
  const n = existing.reduce((max, p) => Math.max(max, Number(re.exec(p)?.[1] ?? 0)), 0);
  return `${path} ${n + 1}`;
}

/**
 * The note rebuilt from the page's state, with unsaved editor text: only for a server that cannot export (the REST
 * export failed), since a rebuild loses what the file says byte for byte (Gson's number format, key order, fields).
 */
export function noteFileText(s: RootState): string {
  const meta = selectOpenMeta(s);
  if (!meta) return '';
  const { path: _path, ...fields } = meta;
  const note: Note = { ...fields, paragraphs: selectOrderedParagraphs(s).map((p) => ({ ...p, text: selectText(s, p.id) })) };
  return JSON.stringify(note, null, 2);
}

/** How long an export waits for unsaved editor text to reach the server before it exports what the server has. */
export const EXPORT_SAVE_WAIT_MS = 5000;

/** Sends what was typed and waits until the server has it (its PARAGRAPH echo drops each draft), or gives up. */
function* saveDraftsFirst(deps: SagaDeps): SagaIterator<void> {
  yield put(notePage.draftsSaveRequested());
  const { timeout } = yield race({
    saved: call(function* untilSaved(): SagaIterator<void> {
      while (yield select(selectHasDrafts)) yield take(wsIn.PARAGRAPH.type);
    }),
    timeout: call(deps.sleep, EXPORT_SAVE_WAIT_MS),
  });
  if (timeout) yield put(ui.toastShown({ text: 'Some changes were not saved yet; the export has the note as the server has it.', level: 'warning' }));
}

/**
 * Export is the file: the server's own export (`GET /api/notebook/export/{id}`, Zeppelin's endpoint), which for a
 * note nobody edited is the bytes on disk, after the page's unsaved text has been saved.
 */
function* exportZpln(deps: SagaDeps, force: boolean): SagaIterator<void> {
  const meta: Meta | null = yield select(selectOpenMeta);
  if (!meta) return;
  yield* saveDraftsFirst(deps);
  let text: string;
  try {
    const body: unknown = yield call(restCall, deps, 'GET', `/notebook/export/${encodeURIComponent(meta.id)}`);
    text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  } catch {
    text = noteFileText(yield select());
  }
  const limit: number = yield select((s: RootState) => s.server.wsMaxMessageSize);
  if (!force && text.length > limit) {
    yield put(notePage.dialogOpened({ kind: 'exportLarge', size: text.length, limit }));
    return;
  }
  yield call(deps.download, `${(meta.name || meta.id).replace(/[\\/:*?"<>|]/g, '_')}.zpln`, text, 'application/json');
}

function* toggleAll(key: 'editorHide' | 'tableHide'): SagaIterator<void> {
  const ps: ReturnType<typeof selectOrderedParagraphs> = yield select(selectOrderedParagraphs);
  // As in Zeppelin: if any paragraph still shows it, hide it everywhere; otherwise show it everywhere.
  const anyShown = ps.some((p) => !effectiveConfig(p.config)[key]);
  for (const p of ps) {
    if (!!effectiveConfig(p.config)[key] !== anyShown) yield* commitParagraph(p.id, { config: { [key]: anyShown } });
  }
}

export function* noteCommand(deps: SagaDeps, command: string): SagaIterator<void> {
  const meta = yield* openMeta();
  if (!meta) return;
  const blocked: boolean = yield select(selectEditBlocked);
  const viewOnly: boolean = yield select(selectViewOnly);
  switch (command) {
    case 'runAll':
      if (!blocked) yield put(notePage.dialogOpened({ kind: 'runAll' }));
      return;
    case 'runStale': {
      // The plan is taken now: paragraphs that turn stale while it runs wait for the next "Run stale".
      const plan: string[] = yield select(selectRunStalePlan);
      if (!blocked && plan.length) yield* runSelection((ps) => ps.filter((p) => plan.includes(p.id)));
      return;
    }
    case 'stopAll':
      if (!viewOnly) yield put(wsOut.CANCEL_ALL_PARAGRAPHS({ noteId: meta.id }));
      return;
    case 'toggleAllEditors': return yield* toggleAll('editorHide');
    case 'toggleAllOutputs': return yield* toggleAll('tableHide');
    case 'clearAllOutput':
      if (!blocked) yield put(notePage.dialogOpened({ kind: 'clearAll' }));
      return;
    case 'cloneNote': {
      const s: RootState = yield select();
      yield put(notePage.dialogOpened({ kind: 'clone', name: cloneName(meta.path ?? `/${meta.name ?? meta.id}`, s.notes.list.map((n) => n.path)) }));
      return;
    }
    case 'exportZpln': return yield* exportZpln(deps, false);
    case 'exportIpynb':
      yield put(wsOut.CONVERT_NOTE_NBFORMAT({ noteId: meta.id, noteName: meta.name ?? meta.id }));
      return;
    case 'reloadNote':
      yield put(wsOut.RELOAD_NOTE({ id: meta.id }));
      return;
    case 'trashNote':
      if (!blocked) yield put(notePage.dialogOpened({ kind: 'trash' }));
      return;
    case 'deleteNote':
      if (!blocked) yield put(notePage.dialogOpened({ kind: 'delete' }));
      return;
    case 'bindings':
    case 'permissions':
    case 'cron':
      yield* togglePanel(command);
      return;
    case 'help':
      yield put(notePage.helpToggled(undefined));
      return;
    case 'palette':
      yield put(notePage.paletteToggled(undefined));
      return;
    case 'find':
    case 'searchCode':
      yield put(notePage.findOpened(undefined));
      return;
    default:
      return;
  }
}

function* onDialogConfirmed(deps: SagaDeps, action: ReturnType<typeof notePage.dialogConfirmed>): SagaIterator<void> {
  const meta = yield* openMeta();
  const d: NoteDialog = action.payload.dialog;
  if (d.kind === 'leave') {
    yield call(deps.navigate, d.to);
    return;
  }
  if (!meta) return;
  switch (d.kind) {
    case 'runAll': return yield* runSelection((ps) => ps);
    case 'clearAll':
      yield put(wsOut.PARAGRAPH_CLEAR_ALL_OUTPUT({ id: meta.id }));
      return;
    case 'clone': {
      const name = (action.payload.input ?? d.name).trim();
      yield put(wsOut.CLONE_NOTE({ id: meta.id, name: name || undefined }));
      return;
    }
    case 'trash':
      yield put(wsOut.MOVE_NOTE_TO_TRASH({ id: meta.id }));
      yield call(deps.navigate, '/');
      return;
    case 'delete':
      yield put(wsOut.DEL_NOTE({ id: meta.id }));
      yield call(deps.navigate, '/');
      return;
    case 'exportLarge': return yield* exportZpln(deps, true);
    case 'ownersEmpty': {
      const principal: string | null = yield select((s: RootState) => s.session.principal);
      if (principal) yield put(notePage.permissionEdited({ key: 'owners', text: principal }));
      return yield* savePermissions(deps, true);
    }
    case 'permissionDenied':
      yield put(ui.dialogOpened({ kind: 'login', info: null }));
      return;
    case 'discard':
      yield put(notePage.panelClosed());
      return;
    default:
      return;
  }
}

function* onDialogCancelled(deps: SagaDeps, action: ReturnType<typeof notePage.dialogCancelled>): SagaIterator<void> {
  // Spec: Cancel on the 'Insufficient privileges' dialog of a failed permission save goes home.
  if (action.payload.kind === 'permissionDenied') yield call(deps.navigate, '/');
}

function* onNoteConfig(action: ReturnType<typeof notePage.noteConfigChanged>): SagaIterator<void> {
  const meta = yield* openMeta();
  const viewOnly: boolean = yield select(selectViewOnly);
  const lookAndFeelOnly = Object.keys(action.payload).every((k) => k === 'looknfeel');
  // Looking at a report is view-only, but its owner must still be able to switch back.
  if (!meta || (viewOnly && !lookAndFeelOnly)) return;
  yield put(wsOut.NOTE_UPDATE({ id: meta.id, name: meta.name ?? '', config: { ...meta.config, ...action.payload } }));
}

function* onRename(action: ReturnType<typeof notePage.noteRenamed>): SagaIterator<void> {
  const meta = yield* openMeta();
  const name = action.payload.name.trim();
  // Spec: ignored when the trimmed name is empty or unchanged.
  if (!meta || !name || name === (meta.name ?? '')) return;
  yield put(wsOut.NOTE_RENAME({ id: meta.id, name, relative: true }));
}

function* onPersonalized(): SagaIterator<void> {
  const meta = yield* openMeta();
  const owner: boolean = yield select(selectIsNoteOwner);
  if (!meta || !owner) return;
  yield put(wsOut.UPDATE_PERSONALIZED_MODE({ id: meta.id, personalized: meta.config?.personalizedMode === 'true' ? 'false' : 'true' }));
}

function* onNoteParams(action: ReturnType<typeof notePage.noteParamsChanged>): SagaIterator<void> {
  const meta = yield* openMeta();
  const blocked: boolean = yield select(selectEditBlocked);
  if (!meta || blocked) return;
  yield put(wsOut.SAVE_NOTE_FORMS({ noteId: meta.id, noteParams: { ...meta.noteParams, ...action.payload.params } }));
  if (action.payload.runId) yield* runParagraph(action.payload.runId);
}

/**
 * A linked chart or table click: the note form takes the clicked value (a checkbox form the one value), then each
 * paragraph that uses the form runs, in note order, as a changed form runs its paragraph with runOnSelectionChange
 * (single runs: the note is not locked as by a run-all, so the next click is taken at once).
 */
function* onFormLinkClicked(action: ReturnType<typeof notePage.formLinkClicked>): SagaIterator<void> {
  const meta = yield* openMeta();
  const blocked: boolean = yield select(selectEditBlocked);
  const { form, value } = action.payload;
  if (!meta || blocked || !meta.noteForms?.[form]) return;
  const typed = meta.noteForms[form].type === 'CheckBox' ? [value] : value;
  yield put(wsOut.SAVE_NOTE_FORMS({ noteId: meta.id, noteParams: { ...meta.noteParams, [form]: typed } }));
  const inputs: StaleInput[] = yield select(selectStaleInputs);
  const users = usersOfNoteForm(inputs, form);
  for (const id of users) yield* runParagraph(id);
}

function* onNoteFormRemoved(action: ReturnType<typeof notePage.noteFormRemoved>): SagaIterator<void> {
  const meta = yield* openMeta();
  const blocked: boolean = yield select(selectEditBlocked);
  if (meta && !blocked) yield put(wsOut.REMOVE_NOTE_FORMS({ noteId: meta.id, formName: action.payload.name }));
}

function* onPanelToggled(deps: SagaDeps, action: ReturnType<typeof notePage.panelToggled>): SagaIterator<void> {
  const meta = yield* openMeta();
  const panel: NotePageState['panel'] = yield select((s: RootState) => s.notePage.panel);
  if (!meta || panel !== action.payload) return;
  if (panel === 'bindings') yield put(wsOut.GET_INTERPRETER_BINDINGS({ noteId: meta.id }));
  if (panel === 'permissions') yield* loadPermissions(deps, meta.id);
}

export function* loadPermissions(deps: SagaDeps, noteId: string): SagaIterator<void> {
  try {
    const perms: Permissions = yield call(restCall, deps, 'GET', `/notebook/${encodeURIComponent(noteId)}/permissions`);
    if (perms) yield put(notePage.permissionsLoaded({ owners: perms.owners ?? [], readers: perms.readers ?? [], runners: perms.runners ?? [], writers: perms.writers ?? [] }));
  } catch {
    // Without permissions the page assumes the server's own checks; it stays editable and the server refuses.
  }
}

/**
 * `panel` when it is the binding or permission panel and has changes, else null. Spec: closing such a panel asks
 * before discarding them.
 */
const withChanges = (s: NotePageState, panel: NotePageState['panel']): 'bindings' | 'permissions' | null =>
  (panel === 'bindings' && s.bindingsDirty) || (panel === 'permissions' && s.permissionsDirty) ? panel : null;

/**
 * A toolbar button opens its panel, or closes it, or swaps it for the open one. A panel with changes asks first,
 * whichever button closes it; once confirmed, the next click opens.
 */
function* togglePanel(panel: 'bindings' | 'permissions' | 'cron'): SagaIterator<void> {
  const s: NotePageState = yield select((st: RootState) => st.notePage);
  const changed = withChanges(s, s.panel);
  if (changed) {
    yield put(notePage.panelCloseRequested(changed));
    return;
  }
  yield put(notePage.panelToggled(panel));
}

function* onPanelCloseRequested(action: ReturnType<typeof notePage.panelCloseRequested>): SagaIterator<void> {
  const s: NotePageState = yield select((st: RootState) => st.notePage);
  const changed = withChanges(s, action.payload);
  if (changed) {
    yield put(notePage.dialogOpened({ kind: 'discard', panel: changed }));
    return;
  }
  yield put(notePage.panelClosed());
}

function* onBindingsSave(): SagaIterator<void> {
  const meta = yield* openMeta();
  const draft: InterpreterBinding[] | null = yield select((s: RootState) => s.notePage.bindingsDraft);
  if (!meta || !draft) return;
  yield put(wsOut.SAVE_INTERPRETER_BINDINGS({ noteId: meta.id, selectedSettingIds: draft.filter((b) => b.selected).map((b) => b.id) }));
  yield put(notePage.panelClosed());
}

function* onRestart(deps: SagaDeps, action: ReturnType<typeof notePage.interpreterRestartRequested>): SagaIterator<void> {
  const meta = yield* openMeta();
  if (!meta) return;
  try {
    yield call(restCall, deps, 'PUT', `/interpreter/setting/restart/${encodeURIComponent(action.payload.settingId)}`, { noteId: meta.id });
    yield put(ui.toastShown({ text: `Interpreter ${action.payload.settingId} restarted`, level: 'success' }));
  } catch (e) {
    yield put(notePage.dialogOpened({ kind: 'restartError', info: e instanceof Error ? e.message : String(e) }));
  }
}

function* savePermissions(deps: SagaDeps, ownersChecked = false): SagaIterator<void> {
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  const draft = s.notePage.permissionsDraft;
  if (!meta || !draft) return;
  const principal = s.session.principal;
  if (!principal || principal === 'anonymous') {
    yield put(notePage.dialogOpened({ kind: 'noPermission' }));
    return;
  }
  const body = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, splitNames(draft[k])])) as unknown as Permissions;
  if (!ownersChecked && body.owners.length === 0) {
    yield put(notePage.dialogOpened({ kind: 'ownersEmpty' }));
    return;
  }
  try {
    yield call(restCall, deps, 'PUT', `/notebook/${encodeURIComponent(meta.id)}/permissions`, body);
    yield put(notePage.panelClosed());
    yield* loadPermissions(deps, meta.id);
    yield put(ui.toastShown({ text: 'Permissions Saved Successfully', level: 'success' }));
  } catch (e) {
    const info = e instanceof HttpError ? e.message : String(e);
    yield put(notePage.dialogOpened({ kind: 'permissionDenied', info }));
  }
}

function* onUserSearch(deps: SagaDeps, action: ReturnType<typeof notePage.userSearchRequested>): SagaIterator<void> {
  const term = action.payload.split(/[,\s]+/).pop() ?? '';
  if (term.length < USER_SEARCH_MIN_CHARS) {
    yield put(notePage.userSuggestionsReceived([]));
    return;
  }
  // takeLatest cancels this wait when the user types on, which is the spec's 250 ms search delay.
  yield call(deps.sleep, USER_SEARCH_DELAY_MS);
  try {
    const r: { users?: string[]; roles?: string[] } = yield call(restCall, deps, 'GET', `/security/userlist/${encodeURIComponent(term)}`);
    yield put(notePage.userSuggestionsReceived([...(r?.users ?? []), ...(r?.roles ?? [])]));
  } catch {
    yield put(notePage.userSuggestionsReceived([]));
  }
}

function* onReplace(action: ReturnType<typeof notePage.replaceRequested>): SagaIterator<void> {
  const s: RootState = yield select();
  if (selectEditBlocked(s)) return;
  const { term, replacement, current } = s.notePage.find;
  if (!term) return;
  let seen = 0;
  for (const p of selectOrderedParagraphs(s)) {
    const text = selectText(s, p.id);
    const matches = findMatches(text, term);
    if (matches.length === 0) continue;
    if (action.payload.all) {
      let next = '';
      let from = 0;
      for (const [a, b] of matches) {
        next += text.slice(from, a) + replacement;
        from = b;
      }
      next += text.slice(from);
      yield put(notePage.draftChanged({ id: p.id, text: next }));
      yield* commitParagraph(p.id, { text: next });
      continue;
    }
    if (current < seen + matches.length) {
      const [a, b] = matches[current - seen];
      const next = text.slice(0, a) + replacement + text.slice(b);
      yield put(notePage.draftChanged({ id: p.id, text: next }));
      yield* commitParagraph(p.id, { text: next });
      return;
    }
    seen += matches.length;
  }
}

export function* noteToolsSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(notePage.dialogConfirmed.type, onDialogConfirmed, deps);
  yield takeEvery(notePage.dialogCancelled.type, onDialogCancelled, deps);
  yield takeEvery(notePage.noteConfigChanged.type, onNoteConfig);
  yield takeEvery(notePage.noteRenamed.type, onRename);
  yield takeEvery(notePage.personalizedToggled.type, onPersonalized);
  yield takeEvery(notePage.noteParamsChanged.type, onNoteParams);
  yield takeEvery(notePage.noteFormRemoved.type, onNoteFormRemoved);
  yield takeEvery(notePage.formLinkClicked.type, onFormLinkClicked);
  yield takeEvery(notePage.panelToggled.type, onPanelToggled, deps);
  yield takeEvery(notePage.panelCloseRequested.type, onPanelCloseRequested);
  yield takeEvery(notePage.bindingsSaveRequested.type, onBindingsSave);
  yield takeEvery(notePage.interpreterRestartRequested.type, onRestart, deps);
  yield takeEvery(notePage.permissionsSaveRequested.type, function* onSave() {
    yield* savePermissions(deps);
  });
  yield takeLatest(notePage.userSearchRequested.type, onUserSearch, deps);
  yield takeEvery(notePage.replaceRequested.type, onReplace);
}
