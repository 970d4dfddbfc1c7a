/**
 * The websocket operation list of Zeppelin's `Message.OP`, with the direction each op travels.
 * Client and embedded server both import this file, so the two sides cannot drift apart.
 *
 * Notes:
 * - `PATCH_PARAGRAPH`, `EDITOR_SETTING`, `LIST_NOTE_JOBS`, `NEW_NOTE`, `IMPORT_NOTE`, `SAVE_NOTE_FORMS` and the
 *   revision ops travel both ways, with different payloads per direction (see schemas.ts).
 * - `GET_PARAGRAPH` exists in Zeppelin's enum but no server handler reads it; it is kept for completeness.
 */

/** Ops a client sends (`[c-s]`). */
export const SEND_OPS = [
  'PING',
  // notes, folders, trash
  'LIST_NOTES', 'RELOAD_NOTES_FROM_REPO', 'GET_NOTE', 'RELOAD_NOTE', 'GET_HOME_NOTE', 'NEW_NOTE', 'CLONE_NOTE',
  'IMPORT_NOTE', 'NOTE_UPDATE', 'NOTE_RENAME', 'FOLDER_RENAME', 'MOVE_NOTE_TO_TRASH', 'MOVE_FOLDER_TO_TRASH',
  'RESTORE_NOTE', 'RESTORE_FOLDER', 'RESTORE_ALL', 'EMPTY_TRASH', 'DEL_NOTE', 'REMOVE_FOLDER',
  'UPDATE_PERSONALIZED_MODE', 'CONVERT_NOTE_NBFORMAT',
  // paragraph editing
  'COMMIT_PARAGRAPH', 'INSERT_PARAGRAPH', 'COPY_PARAGRAPH', 'MOVE_PARAGRAPH', 'PARAGRAPH_REMOVE',
  'PARAGRAPH_CLEAR_OUTPUT', 'PARAGRAPH_CLEAR_ALL_OUTPUT', 'PATCH_PARAGRAPH', 'EDITOR_SETTING', 'COMPLETION',
  'GET_PARAGRAPH',
  // execution
  'RUN_PARAGRAPH', 'RUN_ALL_PARAGRAPHS', 'CANCEL_PARAGRAPH', 'CANCEL_ALL_PARAGRAPHS',
  // revisions
  'CHECKPOINT_NOTE', 'LIST_REVISION_HISTORY', 'NOTE_REVISION', 'NOTE_REVISION_FOR_COMPARE', 'SET_NOTE_REVISION',
  // job manager
  'LIST_NOTE_JOBS', 'LIST_UPDATE_NOTE_JOBS', 'UNSUBSCRIBE_UPDATE_NOTE_JOBS',
  // interpreters
  'GET_INTERPRETER_BINDINGS', 'SAVE_INTERPRETER_BINDINGS', 'GET_INTERPRETER_SETTINGS',
  // angular objects
  'ANGULAR_OBJECT_UPDATED', 'ANGULAR_OBJECT_CLIENT_BIND', 'ANGULAR_OBJECT_CLIENT_UNBIND',
  // note forms
  'SAVE_NOTE_FORMS', 'REMOVE_NOTE_FORMS',
  // helium
  'PARAGRAPH_EXECUTED_BY_SPELL',
  // misc
  'LIST_CONFIGURATIONS', 'WATCHER',
] as const;

/** Ops a server sends (`[s-c]`). */
export const RECEIVE_OPS = [
  // notes
  'NOTES_INFO', 'NOTE', 'NEW_NOTE', 'IMPORT_NOTE', 'NOTE_UPDATED', 'CONVERTED_NOTE_NBFORMAT', 'NOTE_RUNNING_STATUS',
  // paragraphs
  'PARAGRAPH', 'PARAGRAPH_ADDED', 'PARAGRAPH_MOVED', 'PARAGRAPH_REMOVED', 'PATCH_PARAGRAPH',
  'COLLABORATIVE_MODE_STATUS', 'EDITOR_SETTING', 'COMPLETION_LIST',
  // execution
  'PROGRESS', 'PARAGRAPH_APPEND_OUTPUT', 'PARAGRAPH_UPDATE_OUTPUT', 'PARAS_INFO',
  // revisions
  'LIST_REVISION_HISTORY', 'NOTE_REVISION', 'NOTE_REVISION_FOR_COMPARE', 'SET_NOTE_REVISION',
  // job manager
  'LIST_NOTE_JOBS', 'LIST_UPDATE_NOTE_JOBS', 'JOB_MANAGER_DISABLED',
  // interpreters
  'INTERPRETER_BINDINGS', 'INTERPRETER_SETTINGS', 'INTERPRETER_INSTALL_STARTED', 'INTERPRETER_INSTALL_RESULT',
  // angular objects
  'ANGULAR_OBJECT_UPDATE', 'ANGULAR_OBJECT_REMOVE',
  // note forms
  'SAVE_NOTE_FORMS',
  // helium
  'APP_LOAD', 'APP_STATUS_CHANGE', 'APP_APPEND_OUTPUT', 'APP_UPDATE_OUTPUT', 'RUN_PARAGRAPH_USING_SPELL',
  // misc and errors
  'CONFIGURATIONS_INFO', 'NOTICE', 'AUTH_INFO', 'ERROR_INFO', 'SESSION_LOGOUT',
  // our server's answer to PING (an extension: Zeppelin never answers PING, and its clients ignore unknown ops)
  'PONG',
] as const;

export type SendOp = (typeof SEND_OPS)[number];
export type ReceiveOp = (typeof RECEIVE_OPS)[number];
export type Op = SendOp | ReceiveOp;
export type Direction = 'c-s' | 's-c' | 'both';

const sendSet: ReadonlySet<string> = new Set(SEND_OPS);
const receiveSet: ReadonlySet<string> = new Set(RECEIVE_OPS);

export const isSendOp = (op: unknown): op is SendOp => typeof op === 'string' && sendSet.has(op);
export const isReceiveOp = (op: unknown): op is ReceiveOp => typeof op === 'string' && receiveSet.has(op);

/** Every op with its direction, in one table (sorted by name), for docs and the shared-list test. */
export const OP_DIRECTIONS: Readonly<Record<Op, Direction>> = Object.fromEntries(
  [...new Set<Op>([...SEND_OPS, ...RECEIVE_OPS])]
    .sort()
    .map((op) => [op, sendSet.has(op) && receiveSet.has(op) ? 'both' : sendSet.has(op) ? 'c-s' : 's-c']),
) as Record<Op, Direction>;

/**
 * Ops whose note the server takes from the connection's attachment (PROTOCOL 1.9), so they only work on a
 * connection that has opened the note; `COMMIT_PARAGRAPH` and `PATCH_PARAGRAPH` fall back to `noteId`.
 */
export const ATTACHED_NOTE_OPS: readonly SendOp[] = [
  'RUN_PARAGRAPH', 'CANCEL_PARAGRAPH', 'INSERT_PARAGRAPH', 'COPY_PARAGRAPH', 'MOVE_PARAGRAPH', 'PARAGRAPH_REMOVE',
  'PARAGRAPH_CLEAR_OUTPUT', 'COMPLETION', 'EDITOR_SETTING', 'CLONE_NOTE', 'PARAGRAPH_EXECUTED_BY_SPELL',
  'COMMIT_PARAGRAPH', 'PATCH_PARAGRAPH',
];

/** Ops Zeppelin refuses while a note runs sequentially (PROTOCOL 1.4 step 6), when the payload names the note. */
export const BLOCKED_WHILE_NOTE_RUNS: readonly SendOp[] = [
  'COMMIT_PARAGRAPH', 'RUN_PARAGRAPH', 'RUN_ALL_PARAGRAPHS', 'PARAGRAPH_CLEAR_OUTPUT',
  'PARAGRAPH_CLEAR_ALL_OUTPUT', 'INSERT_PARAGRAPH', 'MOVE_PARAGRAPH', 'COPY_PARAGRAPH', 'PARAGRAPH_REMOVE',
  'MOVE_NOTE_TO_TRASH', 'DEL_NOTE', 'PATCH_PARAGRAPH',
];
