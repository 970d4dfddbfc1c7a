/**
 * Frame encoding and decoding. Decoding never throws: a bad frame becomes a `FrameError` that the caller reports
 * (the client as a `connection/badFrame` action, the server as an `ERROR_INFO` reply).
 */
import { isReceiveOp, isSendOp, type ReceiveOp, type SendOp } from './ops';
import { tooDeepField, tooDeepMessage } from './nesting';
import { checkPayload, isObject, RECEIVE_SCHEMAS, SEND_SCHEMAS, type PayloadSchema, type ReceiveMap, type SendMap } from './schemas';

/** Identity fields every client frame carries (PROTOCOL 1.3); `roles` is a JSON array inside a string. */
export interface FrameAuth {
  principal: string;
  ticket: string;
  roles: string;
}

export type ClientFrame = { [K in SendOp]: { op: K; data: SendMap[K]; msgId?: string } & Partial<FrameAuth> }[SendOp];
export type ServerFrame = { [K in ReceiveOp]: { op: K; data: ReceiveMap[K]; msgId?: string } }[ReceiveOp];

export type FrameErrorReason = 'bad-json' | 'not-object' | 'unknown-op' | 'bad-payload' | 'too-large';
export interface FrameError {
  reason: FrameErrorReason;
  message: string;
  op?: string;
  /** For an unknown op, its payload, so the client can still record it. */
  data?: unknown;
}
export type Decoded<F> = { ok: true; frame: F } | { ok: false; error: FrameError };

/** Ops whose `data` Zeppelin never reads, so a frame may leave it out (PROTOCOL 1.3). */
const DATA_OPTIONAL = new Set<string>([
  'PING', 'LIST_NOTES', 'LIST_CONFIGURATIONS', 'GET_INTERPRETER_SETTINGS', 'LIST_NOTE_JOBS',
  'UNSUBSCRIBE_UPDATE_NOTE_JOBS', 'EMPTY_TRASH', 'RESTORE_ALL', 'RELOAD_NOTES_FROM_REPO', 'GET_HOME_NOTE', 'WATCHER',
]);

function parse(raw: string, maxBytes: number | undefined): Decoded<Record<string, unknown>> {
  if (maxBytes !== undefined && raw.length > maxBytes) {
    return { ok: false, error: { reason: 'too-large', message: `Frame of ${raw.length} characters exceeds the limit of ${maxBytes}` } };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { ok: false, error: { reason: 'bad-json', message: `Malformed JSON: ${(e as Error).message}` } };
  }
  if (!isObject(value)) return { ok: false, error: { reason: 'not-object', message: 'A frame must be a JSON object' } };
  return { ok: true, frame: value };
}

function finish<F>(obj: Record<string, unknown>, known: boolean, schema: PayloadSchema | undefined, limitNesting = false): Decoded<F> {
  const op = obj.op;
  if (!known || schema === undefined) {
    return { ok: false, error: { reason: 'unknown-op', message: `Unknown op: ${String(op)}`, op: typeof op === 'string' ? op : undefined, data: obj.data } };
  }
  let data = obj.data;
  if ((data === undefined || data === null) && DATA_OPTIONAL.has(op as string)) data = {};
  const deep = limitNesting && isObject(data) ? tooDeepField(data) : undefined;
  if (deep !== undefined) {
    return { ok: false, error: { reason: 'bad-payload', message: `Bad ${String(op)} payload: ${tooDeepMessage(deep)}`, op: op as string } };
  }
  const checked = checkPayload(schema, data);
  if (!checked.ok) {
    return { ok: false, error: { reason: 'bad-payload', message: `Bad ${String(op)} payload: ${checked.problems.join('; ')}`, op: op as string } };
  }
  const frame: Record<string, unknown> = { op, data: checked.value };
  if (typeof obj.msgId === 'string') frame.msgId = obj.msgId;
  for (const k of ['principal', 'ticket', 'roles'] as const) if (typeof obj[k] === 'string') frame[k] = obj[k];
  return { ok: true, frame: frame as F };
}

/** Client side: decode a frame the server sent. */
export function decodeServerFrame(raw: string): Decoded<ServerFrame> {
  const parsed = parse(raw, undefined);
  if (!parsed.ok) return parsed;
  const op = parsed.frame.op;
  return finish<ServerFrame>(parsed.frame, isReceiveOp(op), isReceiveOp(op) ? RECEIVE_SCHEMAS[op] : undefined);
}

/**
 * Server side: decode a frame a client sent, refusing frames over `maxBytes` characters and data nested deeper than
 * MAX_NESTING (a server must not store what it cannot write back).
 */
export function decodeClientFrame(raw: string, maxBytes?: number): Decoded<ClientFrame> {
  const parsed = parse(raw, maxBytes);
  if (!parsed.ok) return parsed;
  const op = parsed.frame.op;
  return finish<ClientFrame>(parsed.frame, isSendOp(op), isSendOp(op) ? SEND_SCHEMAS[op] : undefined, true);
}

/** Client side: serialise an outbound frame. The ticket is only ever added here, never kept in state. */
export function encodeClientFrame<K extends SendOp>(op: K, data: SendMap[K], auth: FrameAuth, msgId?: string): string {
  return JSON.stringify({ op, data, principal: auth.principal, ticket: auth.ticket, roles: auth.roles, ...(msgId ? { msgId } : {}) });
}

/** Server side: serialise a reply with the constant identity dummies Zeppelin adds to every S->C frame. */
export function encodeServerFrame<K extends ReceiveOp>(op: K, data: ReceiveMap[K], msgId?: string): string {
  return JSON.stringify({ op, data, ticket: 'anonymous', principal: 'anonymous', roles: '', ...(msgId ? { msgId } : {}) });
}

export const ANONYMOUS_AUTH: FrameAuth = { principal: 'anonymous', ticket: 'anonymous', roles: '[]' };
