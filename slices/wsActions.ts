/**
 * Redux actions for the wire: one action type per inbound op (`ws/NOTE`, `ws/PROGRESS`, ...) and per outbound op
 * (`ws/send/RUN_PARAGRAPH`, ...), so the action log reads like the conversation with the server.
 * Outbound actions never carry the ticket; the socket saga adds it when it serialises the frame.
 */
import { createAction, type PayloadActionCreator, type UnknownAction } from '@reduxjs/toolkit';
import type { ServerFrame } from '../protocol/envelope';
import type { ReceiveMap, SendMap } from '../protocol/schemas';
import { RECEIVE_OPS, SEND_OPS, type ReceiveOp, type SendOp } from '../protocol/ops';

export interface InMeta {
  msgId?: string;
  /** Characters of the frame's text: what the action log counts it as, instead of writing the action out again. */
  frameLength?: number;
}

type InCreator<K extends ReceiveOp> = PayloadActionCreator<ReceiveMap[K], `ws/${K}`, (data: ReceiveMap[K], msgId?: string) => { payload: ReceiveMap[K]; meta: InMeta }>;
type OutCreator<K extends SendOp> = PayloadActionCreator<SendMap[K], `ws/send/${K}`>;

export type WsInCreators = { [K in ReceiveOp]: InCreator<K> };
export type WsOutCreators = { [K in SendOp]: OutCreator<K> };

/** `wsIn.NOTE(data)` is the action for a received NOTE frame. */
export const wsIn = Object.fromEntries(
  RECEIVE_OPS.map((op) => [op, createAction(`ws/${op}`, (data: unknown, msgId?: string) => ({ payload: data, meta: msgId ? { msgId } : {} }))]),
) as unknown as WsInCreators;

/** `wsOut.GET_NOTE({ id })` asks the socket saga to send GET_NOTE. */
export const wsOut = Object.fromEntries(SEND_OPS.map((op) => [op, createAction(`ws/send/${op}`)])) as unknown as WsOutCreators;

export type WsInAction = { [K in ReceiveOp]: ReturnType<InCreator<K>> }[ReceiveOp];
export type WsSendAction = { [K in SendOp]: { type: `ws/send/${K}`; payload: SendMap[K] } }[SendOp];

/**
 * A frame whose op this client does not know (a newer server, say): recorded like any other frame, otherwise
 * ignored, as the spec asks ("unknown ops are only logged").
 */
export const wsUnknownOp = createAction<{ op: string; data?: unknown }>('ws/unknownOp');

export const WS_SEND_PREFIX = 'ws/send/';
export const isWsSend = (a: unknown): a is WsSendAction =>
  typeof a === 'object' && a !== null && typeof (a as UnknownAction).type === 'string' && (a as UnknownAction).type.startsWith(WS_SEND_PREFIX);

/**
 * A send the socket saga writes to the socket itself (re-attaching a note after a reconnect): recorded and reduced
 * like any send, but not queued in the outbox.
 */
export const sentDirectly = <A extends WsSendAction>(action: A): A & { meta: { direct: true } } => ({ ...action, meta: { direct: true } });

/** What the outbox queues: every send but the socket saga's own. */
export const isQueuedSend = (a: unknown): a is WsSendAction =>
  isWsSend(a) && (a as { meta?: { direct?: unknown } }).meta?.direct !== true;

export const opOfSend = (a: WsSendAction): SendOp => a.type.slice(WS_SEND_PREFIX.length) as SendOp;

/** The msgId a send was made with, when its maker needs to recognise the server's echo of it. */
export const msgIdOfSend = (a: UnknownAction): string | undefined => {
  const id = (a.meta as { msgId?: unknown } | undefined)?.msgId;
  return typeof id === 'string' ? id : undefined;
};

/** The msgId a received frame carried (the sender's, on the few frames that echo one). */
export const msgIdOf = (a: UnknownAction): string | undefined => (a.meta as InMeta | undefined)?.msgId;

/** Turns a decoded server frame into its action; `frameLength` is the length of the text it was decoded from. */
export function actionForFrame(frame: ServerFrame, frameLength?: number): WsInAction {
  const creator = wsIn[frame.op] as (data: unknown, msgId?: string) => WsInAction;
  const action = creator(frame.data, frame.msgId);
  return frameLength === undefined ? action : { ...action, meta: { ...action.meta, frameLength } } as WsInAction;
}

/** The frame length an inbound action carries (actionForFrame), if any. */
export function frameLengthOf(action: UnknownAction): number | undefined {
  const n = (action.meta as InMeta | undefined)?.frameLength;
  return typeof n === 'number' ? n : undefined;
}
