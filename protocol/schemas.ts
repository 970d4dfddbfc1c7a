/**
 * Every op's payload, declared once per direction (docs/protocol.md section 2). The TypeScript payload types
 * (`SendMap`, `ReceiveMap`) are inferred from these schemas, and the same schemas check frames at run time: the
 * server checks what clients send, the client checks what servers send. A missing op is a compile error.
 *
 * The checks cover what a handler or reducer relies on (presence and JSON type of the fields it reads), not every
 * optional detail; unknown fields pass through untouched. `null` counts as absent, as in Gson, and an optional field
 * that is `null` arrives as absent.
 */
import * as v from 'valibot';
import type {
  AngularObject, EditorSetting, FormInput, FormParams, HeliumPackage, InterpreterBinding, InterpreterSetting,
  JsonObject, Note, NoteConfig, NoteInfo, NoteJobInfo, NoteRuntimeInfo, Paragraph, ParagraphConfig, ResultType,
  Revision, RuntimeInfo,
} from './model';
import type { ReceiveOp, SendOp } from './ops';

export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

// Field builders. Each message names the expected JSON type; checkPayload turns it into "<field> must be <message>".
const str = v.string('a string');
const num = v.pipe(v.number('a number'), v.finite('a number'));
/** A number, or a numeric string: Zeppelin parses numbers leniently. */
const numLike = v.union(
  [num, v.pipe(v.string(), v.check((s) => s.trim() !== '' && Number.isFinite(Number(s))), v.transform(Number))],
  'a number',
);
const bool = v.boolean('a boolean');
const obj = <T>() => v.custom<T>(isObject, 'an object');
const arr = <T>() => v.custom<T[]>(Array.isArray, 'an array');
/** Optional field: absent or `null` on the wire, absent in the typed payload. */
const opt = <S extends v.GenericSchema>(s: S) => v.pipe(v.nullish(s), v.transform((x) => x ?? undefined));
const payload = v.looseObject;

type SpellResults = { code: string; msg: { type: string; serializedData?: string; data?: string }[] };

/** One entry of the `RUN_ALL_PARAGRAPHS.paragraphs` list (sent as a JSON string, see docs/protocol.md 1.3). */
export interface RunAllEntry {
  id: string;
  title?: string;
  paragraph: string;
  config?: ParagraphConfig;
  params?: FormParams;
  /** Our extension while collaborating, as on RUN_PARAGRAPH (server/notes/textMerge.ts); Zeppelin ignores it. */
  patch?: string;
}

const EMPTY = payload({});

/** C->S payloads, as the server reads them. */
export const SEND_SCHEMAS = {
  PING: EMPTY,
  LIST_NOTES: EMPTY,
  RELOAD_NOTES_FROM_REPO: EMPTY,
  GET_NOTE: payload({ id: str }),
  RELOAD_NOTE: payload({ id: str }),
  GET_HOME_NOTE: EMPTY,
  NEW_NOTE: payload({ name: opt(str), defaultInterpreterGroup: opt(str) }),
  /** `id` is ignored by Zeppelin: the source is the note this connection has open. */
  CLONE_NOTE: payload({ id: opt(str), name: opt(str) }),
  /** A Zeppelin note JSON, or a Jupyter notebook object (recognised by `cells`). */
  IMPORT_NOTE: payload({ note: obj<JsonObject>() }),
  NOTE_UPDATE: payload({ id: str, name: str, config: obj<NoteConfig>() }),
  NOTE_RENAME: payload({ id: str, name: str, relative: opt(bool) }),
  FOLDER_RENAME: payload({ id: str, name: str }),
  MOVE_NOTE_TO_TRASH: payload({ id: str }),
  /** Folder path without the leading slash. */
  MOVE_FOLDER_TO_TRASH: payload({ id: str }),
  RESTORE_NOTE: payload({ id: str }),
  RESTORE_FOLDER: payload({ id: str }),
  RESTORE_ALL: EMPTY,
  EMPTY_TRASH: EMPTY,
  DEL_NOTE: payload({ id: str }),
  REMOVE_FOLDER: payload({ id: str }),
  /** `personalized` is the string 'true' or 'false'; Zeppelin treats anything but 'true' as false. */
  UPDATE_PERSONALIZED_MODE: payload({ id: str, personalized: str }),
  CONVERT_NOTE_NBFORMAT: payload({ noteId: str, noteName: opt(str) }),
  /**
   * `patch` is our extension (collaborative mode): the sender's change as a PATCH_PARAGRAPH patch against the text it
   * last shared; our server applies it to its own copy instead of taking `paragraph`, which Zeppelin keeps using.
   */
  COMMIT_PARAGRAPH: payload({
    id: str, noteId: opt(str), title: opt(str), paragraph: str, params: opt(obj<FormParams>()), config: obj<ParagraphConfig>(), patch: opt(str),
  }),
  INSERT_PARAGRAPH: payload({ index: numLike, config: opt(obj<ParagraphConfig>()) }),
  COPY_PARAGRAPH: payload({ index: numLike, title: opt(str), paragraph: str, config: opt(obj<ParagraphConfig>()), params: opt(obj<FormParams>()) }),
  MOVE_PARAGRAPH: payload({ id: str, index: numLike }),
  PARAGRAPH_REMOVE: payload({ id: str }),
  PARAGRAPH_CLEAR_OUTPUT: payload({ id: str }),
  /** `id` is the note id. */
  PARAGRAPH_CLEAR_ALL_OUTPUT: payload({ id: str }),
  /** `seq` is our extension: our client numbers its patches, and our server's resync tells which it holds. */
  PATCH_PARAGRAPH: payload({ id: str, noteId: str, patch: str, seq: opt(num) }),
  EDITOR_SETTING: payload({ paragraphId: str, paragraphText: opt(str) }),
  COMPLETION: payload({ id: str, buf: str, cursor: numLike }),
  GET_PARAGRAPH: payload({ id: str }),
  /** `patch`: our extension, as on COMMIT_PARAGRAPH; Zeppelin ignores it. Without `paragraph` the stored text runs. */
  RUN_PARAGRAPH: payload({
    id: str, paragraph: opt(str), title: opt(str), params: opt(obj<FormParams>()), config: opt(obj<ParagraphConfig>()), patch: opt(str),
  }),
  /** `paragraphs` is a JSON string of RunAllEntry[] (a real array fails on Zeppelin). */
  RUN_ALL_PARAGRAPHS: payload({ noteId: str, paragraphs: str }),
  CANCEL_PARAGRAPH: payload({ id: str }),
  CANCEL_ALL_PARAGRAPHS: payload({ noteId: str }),
  CHECKPOINT_NOTE: payload({ noteId: str, commitMessage: str }),
  LIST_REVISION_HISTORY: payload({ noteId: str }),
  NOTE_REVISION: payload({ noteId: str, revisionId: str }),
  NOTE_REVISION_FOR_COMPARE: payload({ noteId: str, revisionId: str, position: str }),
  SET_NOTE_REVISION: payload({ noteId: str, revisionId: str }),
  LIST_NOTE_JOBS: EMPTY,
  LIST_UPDATE_NOTE_JOBS: payload({ lastUpdateUnixTime: opt(numLike) }),
  UNSUBSCRIBE_UPDATE_NOTE_JOBS: EMPTY,
  GET_INTERPRETER_BINDINGS: payload({ noteId: str }),
  SAVE_INTERPRETER_BINDINGS: payload({ noteId: str, selectedSettingIds: arr<string>() }),
  GET_INTERPRETER_SETTINGS: EMPTY,
  ANGULAR_OBJECT_UPDATED: payload({ noteId: str, paragraphId: opt(str), interpreterGroupId: str, name: str, value: v.optional(v.unknown()) }),
  ANGULAR_OBJECT_CLIENT_BIND: payload({ noteId: str, name: str, value: v.optional(v.unknown()), paragraphId: str }),
  ANGULAR_OBJECT_CLIENT_UNBIND: payload({ noteId: str, name: str, paragraphId: str }),
  SAVE_NOTE_FORMS: payload({ noteId: str, noteParams: obj<FormParams>() }),
  REMOVE_NOTE_FORMS: payload({ noteId: str, formName: str }),
  PARAGRAPH_EXECUTED_BY_SPELL: payload({
    id: str, title: opt(str), paragraph: opt(str), results: opt(obj<SpellResults>()), status: str, errorMessage: opt(str),
    config: opt(obj<ParagraphConfig>()), params: opt(obj<FormParams>()), dateStarted: opt(str), dateFinished: opt(str),
  }),
  LIST_CONFIGURATIONS: EMPTY,
  WATCHER: EMPTY,
} satisfies { readonly [K in SendOp]: v.GenericSchema };

const jobs = obj<{ lastResponseUnixTime: number; jobs: NoteJobInfo[] }>();

/** S->C payloads, as the client reads them. */
export const RECEIVE_SCHEMAS = {
  NOTES_INFO: payload({ notes: arr<NoteInfo>() }),
  /** `note` is absent when GET_HOME_NOTE finds no home note. */
  NOTE: payload({ note: opt(obj<Note>()) }),
  NEW_NOTE: payload({ note: obj<Note>() }),
  /** `message` is our server's extension (what a Jupyter import brought in); Zeppelin sends only `note`. */
  IMPORT_NOTE: payload({ note: obj<Note>(), message: opt(str) }),
  NOTE_UPDATED: payload({ name: opt(str), config: opt(obj<NoteConfig>()), info: opt(obj<NoteRuntimeInfo>()) }),
  /** `nbformat` is a pretty-printed ipynb JSON string. */
  CONVERTED_NOTE_NBFORMAT: payload({ nbformat: str, noteName: opt(str) }),
  NOTE_RUNNING_STATUS: payload({ status: bool }),
  PARAGRAPH: payload({ paragraph: obj<Paragraph>() }),
  PARAGRAPH_ADDED: payload({ paragraph: obj<Paragraph>(), index: num }),
  PARAGRAPH_MOVED: payload({ id: str, index: num }),
  PARAGRAPH_REMOVED: payload({ id: str }),
  /**
   * Beyond Zeppelin (our server only): `user` names who typed the patch; a frame with `text` is the server's whole
   * text after a quiet moment (its `patch` is empty, so a Zeppelin client ignores it) for clients to converge on, and
   * `seq` the number of the receiver's own last patch that this text holds.
   */
  PATCH_PARAGRAPH: payload({ paragraphId: str, patch: str, user: opt(str), text: opt(str), seq: opt(num) }),
  COLLABORATIVE_MODE_STATUS: payload({ status: bool, users: opt(arr<string>()) }),
  EDITOR_SETTING: payload({ paragraphId: str, editor: obj<EditorSetting>() }),
  COMPLETION_LIST: payload({ id: str, completions: arr<{ name: string; value: string; meta?: string }>() }),
  PROGRESS: payload({ id: str, progress: num }),
  PARAGRAPH_APPEND_OUTPUT: payload({ noteId: opt(str), paragraphId: str, index: num, data: str }),
  PARAGRAPH_UPDATE_OUTPUT: payload({ noteId: opt(str), paragraphId: str, index: num, type: v.custom<ResultType>((x) => typeof x === 'string', 'a string'), data: opt(str) }),
  PARAS_INFO: payload({ id: str, infos: obj<Record<string, RuntimeInfo>>() }),
  /** No `revisionList` key when the storage does not version notes. */
  LIST_REVISION_HISTORY: payload({ revisionList: opt(arr<Revision>()) }),
  NOTE_REVISION: payload({ noteId: str, revisionId: str, note: opt(obj<Note>()) }),
  NOTE_REVISION_FOR_COMPARE: payload({ noteId: str, revisionId: str, position: str, note: opt(obj<Note>()) }),
  SET_NOTE_REVISION: payload({ status: bool }),
  LIST_NOTE_JOBS: payload({ noteJobs: jobs }),
  LIST_UPDATE_NOTE_JOBS: payload({ noteRunningJobs: jobs }),
  JOB_MANAGER_DISABLED: payload({ errorMessage: opt(str) }),
  INTERPRETER_BINDINGS: payload({ interpreterBindings: arr<InterpreterBinding>() }),
  INTERPRETER_SETTINGS: payload({ interpreterSettings: arr<InterpreterSetting>() }),
  INTERPRETER_INSTALL_STARTED: payload({ result: opt(str), message: opt(str) }),
  INTERPRETER_INSTALL_RESULT: payload({ result: opt(str), message: opt(str) }),
  ANGULAR_OBJECT_UPDATE: payload({ angularObject: obj<AngularObject>(), interpreterGroupId: opt(str), noteId: opt(str), paragraphId: opt(str) }),
  /**
   * Two shapes, as Zeppelin sends them: interpreter-side removal (`name`), or the echo of a client unbind
   * (`angularObject`).
   */
  ANGULAR_OBJECT_REMOVE: payload({
    name: opt(str), angularObject: opt(obj<AngularObject>()), interpreterGroupId: opt(str), noteId: opt(str), paragraphId: opt(str),
  }),
  SAVE_NOTE_FORMS: payload({ formsData: obj<{ forms: Record<string, FormInput>; params: FormParams }>() }),
  APP_LOAD: payload({ noteId: str, paragraphId: str, appId: str, pkg: obj<HeliumPackage>() }),
  APP_STATUS_CHANGE: payload({ noteId: str, paragraphId: str, appId: str, status: str }),
  APP_APPEND_OUTPUT: payload({ noteId: str, paragraphId: str, index: opt(num), appId: str, data: str }),
  APP_UPDATE_OUTPUT: payload({ noteId: str, paragraphId: str, index: opt(num), type: opt(str), appId: str, data: str }),
  RUN_PARAGRAPH_USING_SPELL: payload({ paragraph: obj<Paragraph>() }),
  CONFIGURATIONS_INFO: payload({ configurations: obj<Record<string, string>>() }),
  NOTICE: payload({ notice: str }),
  AUTH_INFO: payload({ info: opt(str) }),
  ERROR_INFO: payload({ info: opt(str) }),
  SESSION_LOGOUT: payload({ info: opt(str) }),
  PONG: EMPTY,
} satisfies { readonly [K in ReceiveOp]: v.GenericSchema };

type Schemas<T> = { [K in keyof T]: T[K] extends v.GenericSchema ? v.InferOutput<T[K]> : never };
/** What a client sends, per op. */
export type SendMap = Schemas<typeof SEND_SCHEMAS>;
/** What a server sends, per op. */
export type ReceiveMap = Schemas<typeof RECEIVE_SCHEMAS>;
export type PayloadSchema = v.GenericSchema;

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Checks a payload; never throws. Problems read "<field> is missing" or "<field> must be <type>". */
export function checkPayload<S extends v.GenericSchema>(schema: S, data: unknown): Checked<v.InferOutput<S>> {
  if (!isObject(data)) return { ok: false, problems: ['data must be an object'] };
  const r = v.safeParse(schema, data);
  if (r.success) return { ok: true, value: r.output };
  return {
    ok: false,
    problems: r.issues.map((i) => {
      const field = i.path?.map((p) => String(p.key)).join('.') ?? 'data';
      return i.input === undefined || i.input === null ? `${field} is missing` : `${field} must be ${i.message}`;
    }),
  };
}
