/**
 * Runtime shape checks for every op's payload, one table per direction. They check what a handler or reducer
 * relies on (presence and JSON type of the fields it reads), not every optional detail, and they never throw.
 *
 * Field specs: `s` string, `n` number, `num` number or numeric string (Zeppelin parses numbers leniently),
 * `b` boolean, `o` object, `a` array, `x` any value; a trailing `?` makes the field optional.
 */
import type { ReceiveOp, SendOp } from './ops';

type Spec = 's' | 'n' | 'num' | 'b' | 'o' | 'a' | 'x';
type FieldSpec = Spec | `${Spec}?`;
export type Schema = Readonly<Record<string, FieldSpec>>;

const E: Schema = {};

/** C->S payloads, as the server reads them. */
export const SEND_SCHEMAS: { readonly [K in SendOp]: Schema } = {
  PING: E, LIST_NOTES: E, RELOAD_NOTES_FROM_REPO: E, GET_HOME_NOTE: E, RESTORE_ALL: E, EMPTY_TRASH: E,
  LIST_NOTE_JOBS: E, UNSUBSCRIBE_UPDATE_NOTE_JOBS: E, GET_INTERPRETER_SETTINGS: E, LIST_CONFIGURATIONS: E, WATCHER: E,
  GET_NOTE: { id: 's' }, RELOAD_NOTE: { id: 's' },
  NEW_NOTE: { name: 's?', defaultInterpreterGroup: 's?' },
  CLONE_NOTE: { id: 's?', name: 's?' },
  IMPORT_NOTE: { note: 'o' },
  NOTE_UPDATE: { id: 's', name: 's', config: 'o' },
  NOTE_RENAME: { id: 's', name: 's', relative: 'b?' },
  FOLDER_RENAME: { id: 's', name: 's' },
  MOVE_NOTE_TO_TRASH: { id: 's' }, MOVE_FOLDER_TO_TRASH: { id: 's' }, RESTORE_NOTE: { id: 's' },
  RESTORE_FOLDER: { id: 's' }, DEL_NOTE: { id: 's' }, REMOVE_FOLDER: { id: 's' },
  UPDATE_PERSONALIZED_MODE: { id: 's', personalized: 's' },
  CONVERT_NOTE_NBFORMAT: { noteId: 's', noteName: 's?' },
  COMMIT_PARAGRAPH: { id: 's', noteId: 's?', title: 's?', paragraph: 's', params: 'o?', config: 'o', patch: 's?' },
  INSERT_PARAGRAPH: { index: 'num', config: 'o?' },
  COPY_PARAGRAPH: { index: 'num', title: 's?', paragraph: 's', config: 'o?', params: 'o?' },
  MOVE_PARAGRAPH: { id: 's', index: 'num' },
  PARAGRAPH_REMOVE: { id: 's' }, PARAGRAPH_CLEAR_OUTPUT: { id: 's' }, PARAGRAPH_CLEAR_ALL_OUTPUT: { id: 's' },
  PATCH_PARAGRAPH: { id: 's', noteId: 's', patch: 's' },
  EDITOR_SETTING: { paragraphId: 's', paragraphText: 's?' },
  COMPLETION: { id: 's', buf: 's', cursor: 'num' },
  GET_PARAGRAPH: { id: 's' },
  RUN_PARAGRAPH: { id: 's', paragraph: 's?', title: 's?', params: 'o?', config: 'o?', patch: 's?' },
  RUN_ALL_PARAGRAPHS: { noteId: 's', paragraphs: 's' },
  CANCEL_PARAGRAPH: { id: 's' }, CANCEL_ALL_PARAGRAPHS: { noteId: 's' },
  CHECKPOINT_NOTE: { noteId: 's', commitMessage: 's' },
  LIST_REVISION_HISTORY: { noteId: 's' },
  NOTE_REVISION: { noteId: 's', revisionId: 's' },
  NOTE_REVISION_FOR_COMPARE: { noteId: 's', revisionId: 's', position: 's' },
  SET_NOTE_REVISION: { noteId: 's', revisionId: 's' },
  LIST_UPDATE_NOTE_JOBS: { lastUpdateUnixTime: 'num?' },
  GET_INTERPRETER_BINDINGS: { noteId: 's' },
  SAVE_INTERPRETER_BINDINGS: { noteId: 's', selectedSettingIds: 'a' },
  ANGULAR_OBJECT_UPDATED: { noteId: 's', paragraphId: 's?', interpreterGroupId: 's', name: 's', value: 'x?' },
  ANGULAR_OBJECT_CLIENT_BIND: { noteId: 's', name: 's', value: 'x?', paragraphId: 's' },
  ANGULAR_OBJECT_CLIENT_UNBIND: { noteId: 's', name: 's', paragraphId: 's' },
  SAVE_NOTE_FORMS: { noteId: 's', noteParams: 'o' },
  REMOVE_NOTE_FORMS: { noteId: 's', formName: 's' },
  PARAGRAPH_EXECUTED_BY_SPELL: { id: 's', paragraph: 's?', status: 's', results: 'o?', config: 'o?', params: 'o?' },
};

/** S->C payloads, as the client reads them. */
export const RECEIVE_SCHEMAS: { readonly [K in ReceiveOp]: Schema } = {
  NOTES_INFO: { notes: 'a' },
  NOTE: { note: 'o?' },
  NEW_NOTE: { note: 'o' },
  IMPORT_NOTE: { note: 'o' },
  NOTE_UPDATED: { name: 's?', config: 'o?', info: 'o?' },
  CONVERTED_NOTE_NBFORMAT: { nbformat: 's', noteName: 's?' },
  NOTE_RUNNING_STATUS: { status: 'b' },
  PARAGRAPH: { paragraph: 'o' },
  PARAGRAPH_ADDED: { paragraph: 'o', index: 'n' },
  PARAGRAPH_MOVED: { id: 's', index: 'n' },
  PARAGRAPH_REMOVED: { id: 's' },
  PATCH_PARAGRAPH: { paragraphId: 's', patch: 's', user: 's?', text: 's?' },
  COLLABORATIVE_MODE_STATUS: { status: 'b', users: 'a?' },
  EDITOR_SETTING: { paragraphId: 's', editor: 'o' },
  COMPLETION_LIST: { id: 's', completions: 'a' },
  PROGRESS: { id: 's', progress: 'n' },
  PARAGRAPH_APPEND_OUTPUT: { noteId: 's?', paragraphId: 's', index: 'n', data: 's' },
  PARAGRAPH_UPDATE_OUTPUT: { noteId: 's?', paragraphId: 's', index: 'n', type: 's', data: 's?' },
  PARAS_INFO: { id: 's', infos: 'o' },
  LIST_REVISION_HISTORY: { revisionList: 'a?' },
  NOTE_REVISION: { noteId: 's', revisionId: 's', note: 'o?' },
  NOTE_REVISION_FOR_COMPARE: { noteId: 's', revisionId: 's', position: 's', note: 'o?' },
  SET_NOTE_REVISION: { status: 'b' },
  LIST_NOTE_JOBS: { noteJobs: 'o' },
  LIST_UPDATE_NOTE_JOBS: { noteRunningJobs: 'o' },
  JOB_MANAGER_DISABLED: { errorMessage: 's?' },
  INTERPRETER_BINDINGS: { interpreterBindings: 'a' },
  INTERPRETER_SETTINGS: { interpreterSettings: 'a' },
  INTERPRETER_INSTALL_STARTED: { result: 's?', message: 's?' },
  INTERPRETER_INSTALL_RESULT: { result: 's?', message: 's?' },
  ANGULAR_OBJECT_UPDATE: { angularObject: 'o', interpreterGroupId: 's?', noteId: 's?', paragraphId: 's?' },
  ANGULAR_OBJECT_REMOVE: { name: 's?', angularObject: 'o?', noteId: 's?', paragraphId: 's?' },
  SAVE_NOTE_FORMS: { formsData: 'o' },
  APP_LOAD: { noteId: 's', paragraphId: 's', appId: 's', pkg: 'o' },
  APP_STATUS_CHANGE: { noteId: 's', paragraphId: 's', appId: 's', status: 's' },
  APP_APPEND_OUTPUT: { noteId: 's', paragraphId: 's', appId: 's', data: 's' },
  APP_UPDATE_OUTPUT: { noteId: 's', paragraphId: 's', appId: 's', data: 's', type: 's?' },
  RUN_PARAGRAPH_USING_SPELL: { paragraph: 'o' },
  CONFIGURATIONS_INFO: { configurations: 'o' },
  NOTICE: { notice: 's' },
  AUTH_INFO: { info: 's?' },
  ERROR_INFO: { info: 's?' },
  SESSION_LOGOUT: { info: 's?' },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function matches(spec: Spec, v: unknown): boolean {
  switch (spec) {
    case 's': return typeof v === 'string';
    case 'n': return typeof v === 'number' && Number.isFinite(v);
    case 'num': return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
    case 'b': return typeof v === 'boolean';
    case 'o': return isObject(v);
    case 'a': return Array.isArray(v);
    case 'x': return v !== undefined;
  }
}

const typeName: Record<Spec, string> = { s: 'a string', n: 'a number', num: 'a number', b: 'a boolean', o: 'an object', a: 'an array', x: 'a value' };

interface CompiledField {
  field: string;
  spec: Spec;
  optional: boolean;
}

// Schemas are parsed once: decoding is on the hot path of streamed output.
const compiled = new WeakMap<Schema, CompiledField[]>();
function compile(schema: Schema): CompiledField[] {
  let fields = compiled.get(schema);
  if (!fields) {
    fields = Object.entries(schema).map(([field, fieldSpec]) => {
      const optional = fieldSpec.endsWith('?');
      return { field, optional, spec: (optional ? fieldSpec.slice(0, -1) : fieldSpec) as Spec };
    });
    compiled.set(schema, fields);
  }
  return fields;
}

/** Returns the list of problems (empty when the payload fits). `null` counts as absent, as in Gson. */
export function checkPayload(schema: Schema, data: unknown): readonly string[] {
  if (!isObject(data)) return ['data must be an object'];
  let problems: string[] | null = null;
  for (const { field, spec, optional } of compile(schema)) {
    const v = data[field];
    if (v === undefined || v === null) {
      if (!optional) (problems ??= []).push(`${field} is missing`);
    } else if (!matches(spec, v)) {
      (problems ??= []).push(`${field} must be ${typeName[spec]}`);
    }
  }
  return problems ?? NO_PROBLEMS;
}

const NO_PROBLEMS: readonly string[] = Object.freeze([]);

export { isObject };
