/** What a websocket handler receives besides its payload. */
import type { ReceiveMap, ReceiveOp, SendMap, SendOp } from '../../protocol';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import type { NoteEntry } from '../notes/notebook';
import type { Connection } from './connections';

export interface Ctx {
  conn: Connection;
  /** The triggering frame's msgId; only the replies listed in PROTOCOL 1.5 carry it. */
  msgId?: string;
  user: string;
  roles: string[];
  s: Services;
  reply<K extends ReceiveOp>(op: K, data: ReceiveMap[K], msgId?: string): void;
}

export type Handler<K extends SendOp> = (data: SendMap[K], ctx: Ctx) => Promise<void> | void;
export type HandlerTable = { [K in SendOp]: Handler<K> };

export function makeCtx(conn: Connection, s: Services, user: string, roles: string[], msgId?: string): Ctx {
  return { conn, msgId, user, roles, s, reply: (op, data, replyMsgId) => conn.send(op, data, replyMsgId) };
}

/** The note this connection has open: several ops take it from the association, not the payload (PROTOCOL 1.9). */
export function openNote(ctx: Ctx, fallbackId?: string): NoteEntry {
  const id = ctx.conn.room !== undefined && ctx.s.notebook.get(ctx.conn.room) ? ctx.conn.room : fallbackId;
  if (id === undefined || id === '') throw new ZeppelinError('No note is open on this connection: send GET_NOTE first');
  return ctx.s.notebook.mustGet(id);
}

/** Zeppelin truncates numbers and accepts numeric strings for indexes (PROTOCOL 1.3). */
export const toIndex = (v: number | string): number => Math.trunc(Number(v));
