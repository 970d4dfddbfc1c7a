/**
 * What the note page keeps that the server does not: unsaved editor text, focus, open panels and page dialogs,
 * find-and-replace, angular objects, completion answers and the note's permissions as they decide view-only mode.
 *
 * Notes:
 * - A draft lives only while it differs from the server's text: a PARAGRAPH that carries the same text drops it,
 *   one with other text keeps it (the user typed on while the save travelled).
 * - User intents (`commandInvoked`, `paramsChanged`, ...) are events for the note-page sagas; reducers here only
 *   record what the page shows.
 * - While collaborating, our own patches stay in `unacked` until our server's resync says its text holds them
 *   (`seq`): a resync taken before one of them arrived there is adopted with the missing ones put back on top.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';
import type { FormParams, InterpreterBinding, NoteConfig, ParagraphId, Permissions, ResultConfig } from '../protocol';
import type { CommandId } from './domain/commands';
import { applyPatchText } from '../protocol/textPatch';
import { connection } from './connection';

export type PermissionKey = keyof Permissions;

export type NoteDialog =
  | { kind: 'runAll' }
  | { kind: 'clearAll' }
  | { kind: 'trash' }
  | { kind: 'delete' }
  | { kind: 'removeParagraph'; id: ParagraphId }
  | { kind: 'lastParagraph' }
  | { kind: 'clone'; name: string }
  | { kind: 'exportLarge'; size: number; limit: number }
  | { kind: 'leave'; to: string }
  | { kind: 'ownersEmpty' }
  | { kind: 'noPermission' }
  | { kind: 'permissionDenied'; info: string }
  | { kind: 'restartError'; info: string }
  | { kind: 'discard'; panel: 'bindings' | 'permissions' };

export type NotePanel = 'bindings' | 'permissions' | 'cron' | null;

export interface UnackedPatch {
  seq: number;
  patch: string;
}

/**
 * A Zeppelin server never acknowledges a patch; our server does at every quiet moment, so only a bounded number can
 * be on their way. Past this many, the oldest go.
 */
export const MAX_UNACKED_PATCHES = 1000;

export interface AngularValue {
  value: unknown;
  interpreterGroupId: string;
}

export interface CompletionItem {
  name: string;
  value: string;
  meta?: string;
}

export interface NotePageState {
  drafts: Record<ParagraphId, string>;
  /** The text last sent to the server per paragraph (commit, run or patch), to tell unsent drafts from in-flight ones. */
  sent: Record<ParagraphId, string>;
  /** Our patches per paragraph, by their `seq`, that no resync has said the server's text holds yet. */
  unacked: Record<ParagraphId, UnackedPatch[]>;
  focusedId: ParagraphId | null;
  /** Bumped to move the caret into a paragraph's editor (after ↑/↓ at an edge, an insert, a deep link). */
  focusRequest: { id: ParagraphId; seq: number; at: 'start' | 'end' } | null;
  /** Bumped to bring a paragraph into view (find's next match), whether or not it is drawn yet. */
  reveal: { id: ParagraphId; seq: number } | null;
  panel: NotePanel;
  helpOpen: boolean;
  paletteOpen: boolean;
  dialog: NoteDialog | null;
  find: { open: boolean; term: string; replacement: string; current: number };
  /** Angular objects by scope: a paragraph id, or '' for note-wide ones. */
  angular: Record<string, Record<string, AngularValue>>;
  completion: { id: ParagraphId; seq: number; items: CompletionItem[] } | null;
  completionSeq: number;
  bindingsDraft: InterpreterBinding[] | null;
  bindingsDirty: boolean;
  permissions: Permissions | null;
  permissionsDraft: Record<PermissionKey, string> | null;
  permissionsDirty: boolean;
  userSuggestions: string[];
  /** Results the user chose to draw although they are large, as `${paragraphId}:${index}`. */
  renderLarge: Record<string, true>;
  renamingTitle: ParagraphId | null;
}

const initialState: NotePageState = {
  drafts: {}, sent: {}, unacked: {}, focusedId: null, focusRequest: null, reveal: null, panel: null, helpOpen: false, paletteOpen: false, dialog: null,
  find: { open: false, term: '', replacement: '', current: 0 }, angular: {}, completion: null, completionSeq: 0,
  bindingsDraft: null, bindingsDirty: false, permissions: null, permissionsDraft: null, permissionsDirty: false,
  userSuggestions: [], renderLarge: {}, renamingTitle: null,
};

export const PERMISSION_KEYS: readonly PermissionKey[] = ['owners', 'writers', 'runners', 'readers'];

const joinList = (xs: string[] | undefined): string => (xs ?? []).join(', ');

/** Our server's resync: its text, with our patches that it does not hold yet put back on top. */
function adoptResync(state: NotePageState, id: ParagraphId, text: string, seq: number | undefined): void {
  const pending = (state.unacked[id] ?? []).filter((p) => seq === undefined || p.seq > seq);
  if (pending.length > 0) state.unacked[id] = pending;
  else delete state.unacked[id];
  const mine = pending.reduce((t, p) => applyPatchText(t, p.patch), text);
  if (state.drafts[id] !== undefined || mine !== text) state.drafts[id] = mine;
}

function angularScope(state: NotePageState, paragraphId: string | undefined): Record<string, AngularValue> {
  return (state.angular[paragraphId ?? ''] ??= {});
}

export const notePageSlice = createSlice({
  name: 'notePage',
  initialState,
  reducers: {
    draftChanged(state, a: PayloadAction<{ id: ParagraphId; text: string }>) {
      state.drafts[a.payload.id] = a.payload.text;
    },
    editorBlurred(_state, _a: PayloadAction<{ id: ParagraphId }>) {},
    /** The page is about to show something else in place of the live note (a revision): save what was typed. */
    draftsSaveRequested() {},
    focused(state, a: PayloadAction<{ id: ParagraphId }>) {
      state.focusedId = a.payload.id;
    },
    focusRequested(state, a: PayloadAction<{ id: ParagraphId; at: 'start' | 'end' }>) {
      state.focusedId = a.payload.id;
      state.focusRequest = { id: a.payload.id, at: a.payload.at, seq: (state.focusRequest?.seq ?? 0) + 1 };
    },
    revealRequested(state, a: PayloadAction<{ id: ParagraphId }>) {
      state.reveal = { id: a.payload.id, seq: (state.reveal?.seq ?? 0) + 1 };
    },
    /** The editor took the requested focus: the request is spent, so a later remount leaves the focus alone. */
    focusRequestDone(state, a: PayloadAction<number>) {
      if (state.focusRequest?.seq === a.payload) state.focusRequest = null;
    },
    commandInvoked(_state, _a: PayloadAction<{ command: CommandId; id?: ParagraphId }>) {},
    configChanged(_state, _a: PayloadAction<{ id: ParagraphId; config: Record<string, unknown> }>) {},
    titleEditStarted(state, a: PayloadAction<ParagraphId | null>) {
      state.renamingTitle = a.payload;
    },
    titleChanged(state, _a: PayloadAction<{ id: ParagraphId; title: string }>) {
      state.renamingTitle = null;
    },
    paramsChanged(_state, _a: PayloadAction<{ id: ParagraphId; params: FormParams; run: boolean }>) {},
    noteParamsChanged(_state, _a: PayloadAction<{ params: FormParams; runId?: ParagraphId }>) {},
    noteFormRemoved(_state, _a: PayloadAction<{ name: string }>) {},
    /** A click on a table row or chart mark linked to a note form ("Link clicks to a form"). */
    formLinkClicked(_state, _a: PayloadAction<{ form: string; value: string }>) {},
    noteConfigChanged(_state, _a: PayloadAction<Partial<NoteConfig>>) {},
    noteRenamed(_state, _a: PayloadAction<{ name: string }>) {},
    personalizedToggled() {},
    dialogOpened(state, a: PayloadAction<NoteDialog>) {
      state.dialog = a.payload;
    },
    dialogClosed(state) {
      state.dialog = null;
    },
    dialogCancelled(state, _a: PayloadAction<NoteDialog>) {
      state.dialog = null;
    },
    /** The user confirmed a dialog; it travels in the action because the reducer has closed it by the time sagas look. */
    dialogConfirmed(state, _a: PayloadAction<{ dialog: NoteDialog; input?: string }>) {
      state.dialog = null;
    },
    panelToggled(state, a: PayloadAction<Exclude<NotePanel, null>>) {
      state.panel = state.panel === a.payload ? null : a.payload;
    },
    panelClosed(state) {
      state.panel = null;
      state.bindingsDirty = false;
      state.permissionsDirty = false;
    },
    panelCloseRequested(_state, _a: PayloadAction<'bindings' | 'permissions' | 'cron'>) {},
    helpToggled(state, a: PayloadAction<boolean | undefined>) {
      state.helpOpen = a.payload ?? !state.helpOpen;
    },
    paletteToggled(state, a: PayloadAction<boolean | undefined>) {
      state.paletteOpen = a.payload ?? !state.paletteOpen;
    },
    findOpened(state, a: PayloadAction<{ term?: string } | undefined>) {
      state.find.open = true;
      if (a.payload?.term !== undefined) state.find.term = a.payload.term;
      state.find.current = 0;
    },
    findClosed(state) {
      state.find.open = false;
    },
    findTermChanged(state, a: PayloadAction<string>) {
      state.find.term = a.payload;
      state.find.current = 0;
    },
    replacementChanged(state, a: PayloadAction<string>) {
      state.find.replacement = a.payload;
    },
    findMoved(state, a: PayloadAction<{ current: number }>) {
      state.find.current = a.payload.current;
    },
    replaceRequested(_state, _a: PayloadAction<{ all: boolean }>) {},
    bindingsEdited(state, a: PayloadAction<InterpreterBinding[]>) {
      state.bindingsDraft = a.payload;
      state.bindingsDirty = true;
    },
    bindingsSaveRequested() {},
    interpreterRestartRequested(_state, _a: PayloadAction<{ settingId: string }>) {},
    permissionsLoaded(state, a: PayloadAction<Permissions>) {
      state.permissions = a.payload;
      // Opening the panel shows the lists loaded with the note and asks again: an answer that comes after the owner
      // started typing must not put the old lists back over the typing (a Save would then send them).
      if (state.permissionsDirty && state.permissionsDraft) return;
      state.permissionsDraft = {
        owners: joinList(a.payload.owners), writers: joinList(a.payload.writers),
        runners: joinList(a.payload.runners), readers: joinList(a.payload.readers),
      };
      state.permissionsDirty = false;
    },
    permissionEdited(state, a: PayloadAction<{ key: PermissionKey; text: string }>) {
      state.permissionsDraft ??= { owners: '', writers: '', runners: '', readers: '' };
      state.permissionsDraft[a.payload.key] = a.payload.text;
      state.permissionsDirty = true;
    },
    permissionsSaveRequested() {},
    userSearchRequested(_state, _a: PayloadAction<string>) {},
    userSuggestionsReceived(state, a: PayloadAction<string[]>) {
      state.userSuggestions = a.payload;
    },
    completionRequested(state, _a: PayloadAction<{ id: ParagraphId; buf: string; cursor: number }>) {
      state.completionSeq += 1;
    },
    /** The server did not answer a completion request in time: the popup shows nothing. */
    completionTimedOut(state, a: PayloadAction<{ id: ParagraphId; seq: number }>) {
      if (state.completionSeq === a.payload.seq) state.completion = { id: a.payload.id, seq: a.payload.seq, items: [] };
    },
    /** An editor is shown; the note page saga asks for its editor setting once. */
    editorMounted(_state, _a: PayloadAction<{ id: ParagraphId }>) {},
    /** A template changed a bound value: the server echoes it to everyone but us, so it is applied here too. */
    angularValueSet(state, a: PayloadAction<{ paragraphId: ParagraphId; name: string; value: unknown }>) {
      const scope = [a.payload.paragraphId, ''].map((k) => state.angular[k]).find((sc) => sc && a.payload.name in sc);
      if (scope) scope[a.payload.name] = { ...scope[a.payload.name], value: a.payload.value };
    },
    /** The server tells only the other viewers (PROTOCOL 2.7), so the binding page applies its own bind at once. */
    angularBindRequested(state, a: PayloadAction<{ paragraphId: ParagraphId; name: string; value: unknown }>) {
      const scope = angularScope(state, a.payload.paragraphId);
      scope[a.payload.name] = { interpreterGroupId: scope[a.payload.name]?.interpreterGroupId ?? '', value: a.payload.value };
    },
    angularUnbindRequested(state, a: PayloadAction<{ paragraphId: ParagraphId; name: string }>) {
      delete angularScope(state, a.payload.paragraphId)[a.payload.name];
    },
    largeResultShown(state, a: PayloadAction<{ id: ParagraphId; index: number }>) {
      state.renderLarge[`${a.payload.id}:${a.payload.index}`] = true;
    },
    resultDownloadRequested(_state, _a: PayloadAction<{ id: ParagraphId; index: number }>) {},
    resultConfigChanged(_state, _a: PayloadAction<{ id: ParagraphId; index: number; config: ResultConfig }>) {},
    resultHeightChanged(_state, _a: PayloadAction<{ id: ParagraphId; index: number; height: number }>) {},
    leaveRequested(_state, _a: PayloadAction<{ to: string }>) {},
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.NOTE, (state, a) => {
        const note = a.payload.note;
        if (!note) return;
        // Drafts of another note are meaningless here; a reload of the same note keeps the user's typing.
        const ids = new Set((note.paragraphs ?? []).map((p) => p.id));
        for (const id of Object.keys(state.drafts)) {
          const p = note.paragraphs.find((x) => x.id === id);
          if (!ids.has(id) || (p && (p.text ?? '') === state.drafts[id])) delete state.drafts[id];
        }
        for (const id of Object.keys(state.unacked)) if (!ids.has(id)) delete state.unacked[id];
        state.angular = {};
        for (const [groupId, objects] of Object.entries(note.angularObjects ?? {})) {
          for (const o of objects) angularScope(state, o.paragraphId)[o.name] = { value: o.object, interpreterGroupId: groupId };
        }
      })
      .addCase(wsIn.PARAGRAPH, (state, a) => {
        const p = a.payload.paragraph;
        if (state.drafts[p.id] !== undefined && state.drafts[p.id] === (p.text ?? '')) delete state.drafts[p.id];
      })
      .addCase(wsIn.PARAGRAPH_REMOVED, (state, a) => {
        delete state.drafts[a.payload.id];
        delete state.unacked[a.payload.id];
        delete state.angular[a.payload.id];
        if (state.focusedId === a.payload.id) state.focusedId = null;
      })
      .addCase(wsIn.PATCH_PARAGRAPH, (state, a) => {
        const { paragraphId: id, text, seq } = a.payload;
        // `text` is our server's whole text after a quiet moment: adopting it is how both sides converge.
        if (text !== undefined) {
          adoptResync(state, id, text, seq);
          return;
        }
        const d = state.drafts[id];
        if (d !== undefined) state.drafts[id] = applyPatchText(d, a.payload.patch);
      })
      .addCase(wsIn.ANGULAR_OBJECT_UPDATE, (state, a) => {
        const o = a.payload.angularObject;
        angularScope(state, o.paragraphId ?? a.payload.paragraphId)[o.name] = { value: o.object, interpreterGroupId: a.payload.interpreterGroupId ?? '' };
      })
      .addCase(wsIn.ANGULAR_OBJECT_REMOVE, (state, a) => {
        const p = a.payload;
        const name = p.angularObject?.name ?? p.name;
        if (name !== undefined) delete angularScope(state, p.angularObject?.paragraphId ?? p.paragraphId)[name];
      })
      .addCase(wsIn.COMPLETION_LIST, (state, a) => {
        state.completion = { id: a.payload.id, seq: state.completionSeq, items: a.payload.completions ?? [] };
      })
      .addCase(wsIn.INTERPRETER_BINDINGS, (state, a) => {
        // The open panel asked again when it opened; a change made before the answer came stays (as permissions).
        if (state.panel === 'bindings' && state.bindingsDirty && state.bindingsDraft) return;
        const list = a.payload.interpreterBindings ?? [];
        // Spec: with no binding selected, all default to selected and the panel opens.
        const none = list.length > 0 && list.every((x) => !x.selected);
        state.bindingsDraft = none ? list.map((x) => ({ ...x, selected: true })) : list;
        state.bindingsDirty = none;
        if (none) state.panel = 'bindings';
      })
      .addCase(wsOut.PATCH_PARAGRAPH, (state, a) => {
        const { id, seq, patch } = a.payload;
        if (seq === undefined) return;
        const list = (state.unacked[id] ??= []);
        list.push({ seq, patch });
        if (list.length > MAX_UNACKED_PATCHES) list.splice(0, list.length - MAX_UNACKED_PATCHES);
      })
      // Patches sent on a closed connection are never acknowledged on the next one.
      .addCase(connection.closed, (state) => {
        state.unacked = {};
      })
      .addCase(wsOut.COMMIT_PARAGRAPH, (state, a) => {
        state.sent[a.payload.id] = a.payload.paragraph;
      })
      .addCase(wsOut.RUN_PARAGRAPH, (state, a) => {
        // Without `paragraph` the server runs the text it has: nothing new was sent.
        if (a.payload.paragraph !== undefined) state.sent[a.payload.id] = a.payload.paragraph;
      })
      .addCase(wsOut.PARAGRAPH_EXECUTED_BY_SPELL, (state, a) => {
        // No PARAGRAPH comes back to the spell's runner, so the draft it sent is settled here.
        const text = a.payload.paragraph;
        if (text === undefined) return;
        state.sent[a.payload.id] = text;
        if (state.drafts[a.payload.id] === text) delete state.drafts[a.payload.id];
      })
      .addCase(wsOut.GET_NOTE, (state) => {
        state.permissions = null;
        state.permissionsDraft = null;
        state.permissionsDirty = false;
        state.bindingsDirty = false;
        state.renderLarge = {};
        state.panel = null;
        state.dialog = null;
      }),
  selectors: {
    selectHasDrafts: (s) => Object.keys(s.drafts).length > 0,
    selectHasUnsent: (s) => Object.entries(s.drafts).some(([id, text]) => s.sent[id] !== text),
  },
});

export const notePage = notePageSlice.actions;
export const { selectHasDrafts, selectHasUnsent } = notePageSlice.selectors;
