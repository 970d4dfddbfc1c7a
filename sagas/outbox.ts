/**
 * The outbox: `ws/send/*` actions wait here while there is no connection, and after reconnecting they are replayed
 * on the new connection in order, once it is attached to the note they were made on.
 *
 * Notes:
 * - The server keeps the open note per connection, and many paragraph ops take their note from it
 *   (ATTACHED_NOTE_OPS, PROTOCOL 1.9): sent before the new connection's GET_NOTE is answered, they are ignored.
 *   So each held op remembers the note that was open when it was made, and the replay sends GET_NOTE for that note
 *   and waits for its NOTE before sending it.
 * - An op whose paragraph or note is gone by then is not sent (the server would refuse it or act on the wrong
 *   thing); the user is told which one, so nothing is lost silently. Requests that only read (completion, editor
 *   settings) are skipped quietly.
 * - Re-attaching sends are put as "direct" actions: they are logged and reduced like any send, but the outbox
 *   channel does not take them, since the replay sends them itself.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { ui } from '../slices/ui';
import { opOfSend, sentDirectly, wsIn, wsOut, type WsSendAction } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import { ATTACHED_NOTE_OPS, type NoteId, type SendOp } from '../protocol';
import type { SagaDeps } from './deps';

/** A send made while there was no connection, with the note that was open then. */
export interface HeldSend {
  action: WsSendAction;
  noteId: NoteId | null;
}

/** Where a replay left the connection. */
export interface Attachment {
  attached: NoteId | null;
  unreachable: ReadonlySet<NoteId>;
}

/** How long a re-attach waits for its NOTE before the held ops for that note are reported. */
export const ATTACH_TIMEOUT_MS = 20_000;

const ATTACHED = new Set<SendOp>(ATTACHED_NOTE_OPS);

/** Sends that only ask for something: skipped without a word when their paragraph is gone. */
const READ_ONLY = new Set<SendOp>(['COMPLETION', 'EDITOR_SETTING']);

/** What the user did, in the words of the page's own controls. */
const LABELS: Partial<Record<SendOp, string>> = {
  RUN_PARAGRAPH: 'Run paragraph', CANCEL_PARAGRAPH: 'Cancel paragraph', INSERT_PARAGRAPH: 'Insert paragraph',
  COPY_PARAGRAPH: 'Clone paragraph', MOVE_PARAGRAPH: 'Move paragraph', PARAGRAPH_REMOVE: 'Remove paragraph',
  PARAGRAPH_CLEAR_OUTPUT: 'Clear output', COMMIT_PARAGRAPH: 'Save paragraph', PATCH_PARAGRAPH: 'Paragraph edit',
  CLONE_NOTE: 'Clone this note', PARAGRAPH_EXECUTED_BY_SPELL: 'Run paragraph',
};

const NOTE_GONE = 'the note was deleted meanwhile or can no longer be opened';
const PARAGRAPH_GONE = 'the paragraph was deleted meanwhile';

/** The note a send acts on: the one it names, else the one open when it was made. */
export function noteOfSend(action: WsSendAction, s: RootState): NoteId | null {
  const named = (action.payload as { noteId?: unknown }).noteId;
  return typeof named === 'string' && named !== '' ? named : s.notes.openNoteId;
}

/** The paragraph an attached op names, if any. */
function paragraphOf(action: WsSendAction): string | undefined {
  const p = action.payload as { id?: unknown; paragraphId?: unknown };
  const op = opOfSend(action);
  if (op === 'EDITOR_SETTING') return typeof p.paragraphId === 'string' ? p.paragraphId : undefined;
  if (op === 'INSERT_PARAGRAPH' || op === 'COPY_PARAGRAPH' || op === 'CLONE_NOTE') return undefined;
  return typeof p.id === 'string' ? p.id : undefined;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(Math.trunc(n), max));

/**
 * The op as it applies to the note now on the server, or a reason why it no longer does. Positions are kept
 * inside the note, which may have fewer paragraphs than when the op was made.
 */
function applied(action: WsSendAction, order: readonly string[]): WsSendAction | { reason: string } {
  const paragraph = paragraphOf(action);
  if (paragraph !== undefined && !order.includes(paragraph)) return { reason: PARAGRAPH_GONE };
  if (wsOut.MOVE_PARAGRAPH.match(action)) {
    return wsOut.MOVE_PARAGRAPH({ ...action.payload, index: clamp(action.payload.index, order.length - 1) });
  }
  if (wsOut.INSERT_PARAGRAPH.match(action) || wsOut.COPY_PARAGRAPH.match(action)) {
    const index = clamp(action.payload.index, order.length);
    return { ...action, payload: { ...action.payload, index } } as WsSendAction;
  }
  return action;
}

function* report(action: WsSendAction, reason: string): SagaIterator<void> {
  const op = opOfSend(action);
  if (READ_ONLY.has(op)) return;
  yield put(ui.toastShown({ text: `${LABELS[op] ?? op}, made while offline, was not sent: ${reason}.`, level: 'warning' }));
}

const noteAnswer = (noteId: NoteId) => (a: Action): boolean =>
  wsIn.NOTE.match(a) && a.payload.note?.id === noteId;

/** Sends GET_NOTE on the connection and waits for its NOTE; false when the server refuses or stays silent. */
export function* attach(send: (a: WsSendAction) => void, deps: SagaDeps, noteId: NoteId): SagaIterator<boolean> {
  const request = sentDirectly(wsOut.GET_NOTE({ id: noteId }));
  yield put(request);
  send(request);
  const r: { note?: unknown } = yield race({
    note: take(noteAnswer(noteId)),
    refused: take([wsIn.ERROR_INFO.type, wsIn.AUTH_INFO.type, wsIn.SESSION_LOGOUT.type]),
    silent: call(deps.sleep, ATTACH_TIMEOUT_MS),
  });
  return r.note !== undefined;
}

/**
 * Replays the held sends in order on a new connection; removes each from `held` once it is sent or reported, so a
 * connection lost halfway leaves the rest for the next one. Returns the note the connection is attached to, and the
 * notes that could not be opened.
 */
export function* replayHeld(send: (a: WsSendAction) => void, deps: SagaDeps, held: HeldSend[]): SagaIterator<Attachment> {
  let attached: NoteId | null = null;
  const unreachable = new Set<NoteId>();
  while (held.length > 0) {
    const { action, noteId } = held[0];
    if (wsOut.GET_NOTE.match(action)) {
      // Made while offline (a reload, the way back from a revision): it moves the attachment, answered first.
      const ok: boolean = yield call(attach, send, deps, action.payload.id);
      attached = ok ? action.payload.id : null;
      held.shift();
      continue;
    }
    if (!ATTACHED.has(opOfSend(action))) {
      send(action);
      held.shift();
      continue;
    }
    if (!noteId || unreachable.has(noteId)) {
      yield* report(action, NOTE_GONE);
      held.shift();
      continue;
    }
    if (attached !== noteId) {
      const ok: boolean = yield call(attach, send, deps, noteId);
      attached = ok ? noteId : null;
      if (!ok) unreachable.add(noteId);
      continue;
    }
    const order: string[] = yield select((s: RootState) => s.notes.paragraphIds[noteId] ?? []);
    const next = applied(action, order);
    if ('reason' in next) yield* report(action, next.reason);
    else send(next);
    held.shift();
  }
  return { attached, unreachable };
}
