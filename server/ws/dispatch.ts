/**
 * One inbound frame: size check, decoding and payload validation (protocol/schemas.ts), ticket check, then the op's
 * handler. Every failure becomes an ERROR_INFO to the sender; nothing here can close the connection.
 */
import { BLOCKED_WHILE_NOTE_RUNS, decodeClientFrame, type SendMap, type SendOp } from '../../protocol';
import type { Services } from '../services';
import { errorMessage, redactPaths, ZeppelinError } from '../util/errors';
import type { Connection } from './connections';
import { makeCtx, type Ctx, type Handler } from './context';
import { handlers } from './handlers';
import { authorizeFrame } from './permissions';
import { authenticate } from './tickets';

/** PROTOCOL 1.4 step 6: refused while the note named by `data.noteId` runs sequentially. */
const BLOCKED_WHILE_RUNNING = new Set<SendOp>(BLOCKED_WHILE_NOTE_RUNS);

function run<K extends SendOp>(op: K, data: SendMap[K], ctx: Ctx): Promise<void> | void {
  const handler = handlers[op] as Handler<K>;
  return handler(data, ctx);
}

export async function handleFrame(conn: Connection, raw: Buffer, s: Services, maxBytes: number): Promise<void> {
  // Zeppelin's limit counts UTF-8 bytes of the message (PROTOCOL 1.7), so the check runs on the raw buffer.
  if (raw.length > maxBytes) {
    conn.send('ERROR_INFO', { info: `Message of ${raw.length} bytes exceeds zeppelin.websocket.max.text.message.size (${maxBytes} bytes)` });
    return;
  }
  const decoded = decodeClientFrame(raw.toString('utf8'));
  if (!decoded.ok) {
    conn.send('ERROR_INFO', { info: decoded.error.message });
    return;
  }
  const frame = decoded.frame;
  // Our extension (PROTOCOL 1.6): PING is answered, before the ticket check, so a page that is not logged in can
  // tell a live connection from a dead one too. The answer carries nothing but its op.
  if (frame.op === 'PING') {
    conn.send('PONG', {});
    return;
  }
  const auth = authenticate(frame, s.tickets, s.authEnabled);
  if (auth.kind === 'drop') return;
  if (auth.kind === 'logout') {
    conn.send('SESSION_LOGOUT', { info: auth.info });
    return;
  }
  if (auth.kind === 'error') {
    conn.send('ERROR_INFO', { info: auth.info });
    return;
  }
  // Bound on the first accepted message (PROTOCOL 1.4 step 7). A later login on the same page (after a forced
  // logout) rebinds it, so per-user broadcasts follow whoever is logged in now.
  if (conn.user !== auth.user) conn.user = auth.user;
  conn.roles = auth.roles;
  const noteId = (frame.data as { noteId?: unknown }).noteId;
  if (BLOCKED_WHILE_RUNNING.has(frame.op) && typeof noteId === 'string' && s.engine.runsSequentially(noteId)) {
    conn.send('ERROR_INFO', { info: `Note is now running sequentially. Can not be performed: ${frame.op}` });
    return;
  }
  const ctx = makeCtx(conn, s, auth.user, auth.roles, frame.msgId);
  try {
    // Note permissions (ws/permissions.ts): a refused op gets AUTH_INFO and never reaches its handler.
    if (!authorizeFrame(frame.op, frame.data, ctx)) return;
    await run(frame.op, frame.data, ctx);
  } catch (e) {
    if (!(e instanceof ZeppelinError)) console.error(`[ws] ${frame.op} failed:`, e);
    // An unexpected failure's text may name files; clients see them relative to the server's folders.
    const roots = [s.config.getString('zeppelin.notebook.dir'), s.confDir];
    conn.send('ERROR_INFO', { info: e instanceof ZeppelinError ? e.wsInfo : redactPaths(`${frame.op} failed: ${errorMessage(e)}`, roots) });
  }
}
