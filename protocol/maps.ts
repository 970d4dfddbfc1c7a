/**
 * Payload types per op and direction (PROTOCOL.md section 2). A `K in SendOp` / `K in ReceiveOp` mapped type
 * makes a missing op a compile error, on both sides.
 */
import type {
  AngularObject, FormInput, FormParams, HeliumPackage, InterpreterBinding, InterpreterSetting, JsonObject, Note,
  NoteConfig, NoteInfo, NoteJobInfo, NoteRuntimeInfo, Paragraph, ParagraphConfig, ParagraphResults, ResultType,
  Revision, RuntimeInfo, EditorSetting,
} from './model';
import type { ReceiveOp, SendOp } from './ops';

type Empty = Record<string, never>;

/** One entry of the `RUN_ALL_PARAGRAPHS.paragraphs` list (sent as a JSON string, see PROTOCOL 1.3). */
export interface RunAllEntry {
  id: string;
  title?: string;
  paragraph: string;
  config?: ParagraphConfig;
  params?: FormParams;
  /** Our extension while collaborating, as on RUN_PARAGRAPH (server/ws/collabText.ts); Zeppelin ignores it. */
  patch?: string;
}

export interface SendMap {
  PING: Empty;
  LIST_NOTES: Empty;
  RELOAD_NOTES_FROM_REPO: Empty;
  GET_NOTE: { id: string };
  RELOAD_NOTE: { id: string };
  GET_HOME_NOTE: Empty;
  NEW_NOTE: { name?: string; defaultInterpreterGroup?: string };
  /** `id` is ignored by Zeppelin: the source is the note this connection has open. */
  CLONE_NOTE: { id?: string; name?: string };
  /** A Zeppelin note JSON, or a Jupyter notebook object (recognised by `cells`). */
  IMPORT_NOTE: { note: JsonObject };
  NOTE_UPDATE: { id: string; name: string; config: NoteConfig };
  NOTE_RENAME: { id: string; name: string; relative?: boolean };
  FOLDER_RENAME: { id: string; name: string };
  MOVE_NOTE_TO_TRASH: { id: string };
  /** Folder path without the leading slash. */
  MOVE_FOLDER_TO_TRASH: { id: string };
  RESTORE_NOTE: { id: string };
  RESTORE_FOLDER: { id: string };
  RESTORE_ALL: Empty;
  EMPTY_TRASH: Empty;
  DEL_NOTE: { id: string };
  REMOVE_FOLDER: { id: string };
  /** `personalized` is the string 'true' or 'false', as Zeppelin reads it. */
  UPDATE_PERSONALIZED_MODE: { id: string; personalized: 'true' | 'false' };
  CONVERT_NOTE_NBFORMAT: { noteId: string; noteName: string };
  /**
   * `patch` is our extension (collaborative mode): the sender's change as a PATCH_PARAGRAPH patch against the text it
   * last shared; our server applies it to its own copy instead of taking `paragraph`, which Zeppelin keeps using.
   */
  COMMIT_PARAGRAPH: { id: string; noteId?: string; title?: string; paragraph: string; params: FormParams; config: ParagraphConfig; patch?: string };
  INSERT_PARAGRAPH: { index: number; config?: ParagraphConfig };
  COPY_PARAGRAPH: { index: number; title?: string; paragraph: string; config: ParagraphConfig; params: FormParams };
  MOVE_PARAGRAPH: { id: string; index: number };
  PARAGRAPH_REMOVE: { id: string };
  PARAGRAPH_CLEAR_OUTPUT: { id: string };
  /** `id` is the note id. */
  PARAGRAPH_CLEAR_ALL_OUTPUT: { id: string };
  PATCH_PARAGRAPH: { id: string; noteId: string; patch: string };
  EDITOR_SETTING: { paragraphId: string; paragraphText: string };
  COMPLETION: { id: string; buf: string; cursor: number };
  GET_PARAGRAPH: { id: string };
  /** `patch`: our extension, as on COMMIT_PARAGRAPH (see server/ws/collabText.ts); Zeppelin ignores it. */
  RUN_PARAGRAPH: { id: string; paragraph: string; title?: string; params?: FormParams; config?: ParagraphConfig; patch?: string };
  /** `paragraphs` is a JSON string of RunAllEntry[] (a real array fails on Zeppelin). */
  RUN_ALL_PARAGRAPHS: { noteId: string; paragraphs: string };
  CANCEL_PARAGRAPH: { id: string };
  CANCEL_ALL_PARAGRAPHS: { noteId: string };
  CHECKPOINT_NOTE: { noteId: string; commitMessage: string };
  LIST_REVISION_HISTORY: { noteId: string };
  NOTE_REVISION: { noteId: string; revisionId: string };
  NOTE_REVISION_FOR_COMPARE: { noteId: string; revisionId: string; position: string };
  SET_NOTE_REVISION: { noteId: string; revisionId: string };
  LIST_NOTE_JOBS: Empty;
  LIST_UPDATE_NOTE_JOBS: { lastUpdateUnixTime?: number };
  UNSUBSCRIBE_UPDATE_NOTE_JOBS: Empty;
  GET_INTERPRETER_BINDINGS: { noteId: string };
  SAVE_INTERPRETER_BINDINGS: { noteId: string; selectedSettingIds: string[] };
  GET_INTERPRETER_SETTINGS: Empty;
  ANGULAR_OBJECT_UPDATED: { noteId: string; paragraphId: string; interpreterGroupId: string; name: string; value: unknown };
  ANGULAR_OBJECT_CLIENT_BIND: { noteId: string; name: string; value: unknown; paragraphId: string };
  ANGULAR_OBJECT_CLIENT_UNBIND: { noteId: string; name: string; paragraphId: string };
  SAVE_NOTE_FORMS: { noteId: string; noteParams: FormParams };
  REMOVE_NOTE_FORMS: { noteId: string; formName: string };
  PARAGRAPH_EXECUTED_BY_SPELL: {
    id: string; title?: string; paragraph: string; results?: { code: string; msg: { type: string; serializedData?: string; data?: string }[] };
    status: string; errorMessage?: string; config?: ParagraphConfig; params?: FormParams; dateStarted?: string; dateFinished?: string;
  };
  LIST_CONFIGURATIONS: Empty;
  WATCHER: Empty;
}

export interface ReceiveMap {
  NOTES_INFO: { notes: NoteInfo[] };
  /** `note` is absent when GET_HOME_NOTE finds no home note. */
  NOTE: { note?: Note };
  NEW_NOTE: { note: Note };
  IMPORT_NOTE: { note: Note };
  NOTE_UPDATED: { name: string; config: NoteConfig; info: NoteRuntimeInfo };
  /** `nbformat` is a pretty-printed ipynb JSON string. */
  CONVERTED_NOTE_NBFORMAT: { nbformat: string; noteName: string };
  NOTE_RUNNING_STATUS: { status: boolean };
  PARAGRAPH: { paragraph: Paragraph };
  PARAGRAPH_ADDED: { paragraph: Paragraph; index: number };
  PARAGRAPH_MOVED: { id: string; index: number };
  PARAGRAPH_REMOVED: { id: string };
  /**
   * Beyond Zeppelin (our server only): `user` names who typed the patch; a frame with `text` is the server's whole
   * text after a quiet moment (its `patch` is empty, so a Zeppelin client ignores it) for clients to converge on.
   */
  PATCH_PARAGRAPH: { paragraphId: string; patch: string; user?: string; text?: string };
  COLLABORATIVE_MODE_STATUS: { status: boolean; users?: string[] };
  EDITOR_SETTING: { paragraphId: string; editor: EditorSetting };
  COMPLETION_LIST: { id: string; completions: { name: string; value: string; meta?: string }[] };
  PROGRESS: { id: string; progress: number };
  PARAGRAPH_APPEND_OUTPUT: { noteId: string; paragraphId: string; index: number; data: string };
  PARAGRAPH_UPDATE_OUTPUT: { noteId: string; paragraphId: string; index: number; type: ResultType; data: string };
  PARAS_INFO: { id: string; infos: Record<string, RuntimeInfo> };
  /** No `revisionList` key when the storage does not version notes. */
  LIST_REVISION_HISTORY: { revisionList?: Revision[] };
  NOTE_REVISION: { noteId: string; revisionId: string; note?: Note };
  NOTE_REVISION_FOR_COMPARE: { noteId: string; revisionId: string; position: string; note?: Note };
  SET_NOTE_REVISION: { status: boolean };
  LIST_NOTE_JOBS: { noteJobs: { lastResponseUnixTime: number; jobs: NoteJobInfo[] } };
  LIST_UPDATE_NOTE_JOBS: { noteRunningJobs: { lastResponseUnixTime: number; jobs: NoteJobInfo[] } };
  JOB_MANAGER_DISABLED: { errorMessage: string };
  INTERPRETER_BINDINGS: { interpreterBindings: InterpreterBinding[] };
  INTERPRETER_SETTINGS: { interpreterSettings: InterpreterSetting[] };
  INTERPRETER_INSTALL_STARTED: { result: string; message: string };
  INTERPRETER_INSTALL_RESULT: { result: string; message: string };
  ANGULAR_OBJECT_UPDATE: { angularObject: AngularObject; interpreterGroupId: string; noteId: string; paragraphId?: string };
  /** Two shapes, as Zeppelin sends them: interpreter-side removal, or the echo of a client unbind. */
  ANGULAR_OBJECT_REMOVE:
    | { name: string; noteId: string; paragraphId?: string }
    | { angularObject: AngularObject; interpreterGroupId: string; noteId: string; paragraphId?: string };
  SAVE_NOTE_FORMS: { formsData: { forms: Record<string, FormInput>; params: FormParams } };
  APP_LOAD: { noteId: string; paragraphId: string; appId: string; pkg: HeliumPackage };
  APP_STATUS_CHANGE: { noteId: string; paragraphId: string; appId: string; status: string };
  APP_APPEND_OUTPUT: { noteId: string; paragraphId: string; index?: number; appId: string; data: string };
  APP_UPDATE_OUTPUT: { noteId: string; paragraphId: string; index?: number; type: string; appId: string; data: string };
  RUN_PARAGRAPH_USING_SPELL: { paragraph: Paragraph };
  CONFIGURATIONS_INFO: { configurations: Record<string, string> };
  NOTICE: { notice: string };
  AUTH_INFO: { info?: string };
  ERROR_INFO: { info?: string };
  SESSION_LOGOUT: { info?: string };
}

// Compile-time guards: every op of ops.ts has a payload type, and no payload type names an unknown op.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const sendMapCoversOps: Exact<keyof SendMap, SendOp> = true;
export const receiveMapCoversOps: Exact<keyof ReceiveMap, ReceiveOp> = true;

export type { ParagraphResults };
