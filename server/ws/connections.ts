/**
 * Open websocket connections and note rooms (PROTOCOL 1.9).
 *
 * Notes:
 * - A connection sits in at most one room: a note id, or the job manager's pseudo room.
 * - Broadcast frames are encoded once, to bytes, and the same buffer is queued on every member's socket: a big
 *   output sent to a hundred watchers costs one encoding, not a hundred.
 * - A connection with more than `maxBuffered` bytes waiting besides its largest frame (a consumer that stopped
 *   reading) is cut off instead of being queued more: its page reconnects and fetches what it needs again.
 * - Zeppelin sends COLLABORATIVE_MODE_STATUS to every watched room on each join/leave; we send it only to the
 *   rooms whose membership changed, which is what clients act on.
 */
import WebSocket from 'ws';
import { encodeServerFrame, type ReceiveMap, type ReceiveOp } from '../../protocol';
import { encodeFrameBytes } from './frameBytes';
import { SendPacer, type PacedSink } from './pacer';

export const JOB_MANAGER_ROOM = 'JOB_MANAGER_PAGE';

/** Default of `zeppelin.websocket.max.buffered.bytes` (ours): bytes a socket may have waiting before it is cut off. */
export const DEFAULT_MAX_BUFFERED = 32 * 1024 * 1024;

/** How long ConnectionManager.whenWritten waits at most for connections that read slowly or not at all. */
const WRITTEN_WAIT_MS = 2000;

/** A frame encoded once for several connections. */
const encoded = <K extends ReceiveOp>(op: K, data: ReceiveMap[K], msgId?: string): Buffer => encodeFrameBytes(op, data, msgId);

export class Connection implements PacedSink {
  /** Bound on the first accepted message (PROTOCOL 1.4 step 7); unbound connections get no NOTES_INFO. */
  user: string | undefined;
  roles: string[] = [];
  room: string | undefined;
  /** Frames of one connection are handled one after another, in arrival order. */
  queue: Promise<void> = Promise.resolve();

  /** Frames waiting for the pacer (ws/pacer.ts), in order, and their size. */
  private readonly waiting: Buffer[] = [];
  private waitingBytes = 0;
  /** Bytes handed to the socket and not yet written out. */
  private unsentBytes = 0;
  /** The largest frame waiting since the connection last caught up: one frame may exceed the limit by itself. */
  private largestWaiting = 0;
  /** Called once every frame handed over so far is written to the socket (or the socket is gone). */
  private readonly onWritten: (() => void)[] = [];

  constructor(
    readonly id: number,
    private readonly socket: WebSocket,
    private readonly maxBuffered = DEFAULT_MAX_BUFFERED,
    private readonly pacer = new SendPacer(),
  ) {}

  /**
   * Sends an encoded frame (text, or the UTF-8 bytes of one shared by a broadcast) as a text message. A peer with
   * more than `maxBuffered` bytes waiting besides its largest frame is not reading: it is cut off, and its page
   * reconnects and resyncs.
   */
  sendRaw(raw: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const behind = this.unsentBytes + this.waitingBytes;
    if (behind - this.largestWaiting > this.maxBuffered) {
      console.warn(`[ws] connection ${this.id} stopped reading (${behind} bytes waiting): cut off, its page will resync`);
      this.waiting.length = 0;
      this.waitingBytes = 0;
      // Not a close handshake: that would wait behind the very bytes the peer does not read.
      this.socket.terminate();
      this.notifyWritten();
      return;
    }
    this.largestWaiting = Math.max(this.largestWaiting, bytes.length);
    if (this.waiting.length === 0 && this.pacer.take(bytes.length)) {
      this.write(bytes);
      return;
    }
    this.waiting.push(bytes);
    this.waitingBytes += bytes.length;
    this.pacer.wake(this);
  }

  private write(bytes: Buffer): void {
    this.unsentBytes += bytes.length;
    this.socket.send(bytes, { binary: false }, () => {
      this.unsentBytes -= bytes.length;
      if (this.unsentBytes + this.waitingBytes === 0) this.largestWaiting = 0;
      this.notifyWritten();
    });
  }

  /** Runs `fn` once the frames handed to this connection so far are written to its socket, or the socket is gone. */
  whenWritten(fn: () => void): void {
    if (this.written()) fn();
    else this.onWritten.push(fn);
  }

  private written(): boolean {
    return this.socket.readyState !== WebSocket.OPEN || (this.waiting.length === 0 && this.unsentBytes === 0);
  }

  /** Also called when the connection is gone, so that nobody waits for frames that will never be written. */
  notifyWritten(): void {
    if (this.onWritten.length > 0 && this.written()) for (const fn of this.onWritten.splice(0)) fn();
  }

  writeNext(): number {
    const next = this.waiting.shift();
    if (!next) return 0;
    this.waitingBytes -= next.length;
    if (this.socket.readyState === WebSocket.OPEN) this.write(next);
    return next.length;
  }

  hasWaiting(): boolean {
    return this.waiting.length > 0 && this.socket.readyState === WebSocket.OPEN;
  }

  send<K extends ReceiveOp>(op: K, data: ReceiveMap[K], msgId?: string): void {
    this.sendRaw(encodeServerFrame(op, data, msgId));
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
}

export interface RoomOptions {
  except?: Connection;
  msgId?: string;
}

export class ConnectionManager {
  private readonly conns = new Set<Connection>();
  private readonly rooms = new Map<string, Set<Connection>>();
  private nextId = 1;
  /** One pacer for all connections: the budget is per event-loop turn of the whole server. */
  private readonly pacer = new SendPacer();
  /** Told of every frame sent to a room, members or not (the NOTE frame cache drops a note that changed). */
  onRoomFrame: ((room: string, op: ReceiveOp) => void) | undefined;

  constructor(
    private readonly collaborative: boolean,
    private readonly maxBuffered = DEFAULT_MAX_BUFFERED,
  ) {}

  create(socket: WebSocket): Connection {
    const conn = new Connection(this.nextId++, socket, this.maxBuffered, this.pacer);
    this.conns.add(conn);
    return conn;
  }

  remove(conn: Connection): void {
    this.conns.delete(conn);
    this.leave(conn);
    conn.notifyWritten();
  }

  count(): number {
    return this.conns.size;
  }

  all(): Connection[] {
    return [...this.conns];
  }

  members(room: string): Connection[] {
    return [...(this.rooms.get(room) ?? [])];
  }

  join(conn: Connection, room: string): void {
    if (conn.room === room) {
      this.sendCollaborativeStatus(room);
      return;
    }
    this.leave(conn);
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(conn);
    conn.room = room;
    this.sendCollaborativeStatus(room);
  }

  leave(conn: Connection): void {
    const room = conn.room;
    if (room === undefined) return;
    conn.room = undefined;
    const members = this.rooms.get(room);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) this.rooms.delete(room);
    else this.sendCollaborativeStatus(room);
  }

  /** DEL_NOTE/REMOVE_FOLDER forget the room without telling its members (PROTOCOL 1.9). */
  dropRoom(room: string): void {
    for (const c of this.rooms.get(room) ?? []) c.room = undefined;
    this.rooms.delete(room);
  }

  sendCollaborativeStatus(room: string): void {
    if (!this.collaborative || room === JOB_MANAGER_ROOM) return;
    const members = this.members(room);
    if (members.length === 0) return;
    const status = members.length > 1;
    const users = status ? [...new Set(members.map((c) => c.user ?? 'anonymous'))] : undefined;
    this.toRoom(room, 'COLLABORATIVE_MODE_STATUS', users ? { status, users } : { status });
  }

  /**
   * Resolves once every frame handed to the connections so far is written to their sockets, or after `maxMs`: for
   * work that can wait a moment (writing a large result to disk) and would otherwise hold back the frames showing it.
   */
  whenWritten(maxMs = WRITTEN_WAIT_MS): Promise<void> {
    return new Promise((resolve) => {
      let left = this.conns.size + 1;
      const timer = setTimeout(resolve, maxMs);
      const one = (): void => {
        if (--left > 0) return;
        clearTimeout(timer);
        resolve();
      };
      for (const c of this.conns) c.whenWritten(one);
      one();
    });
  }

  toRoom<K extends ReceiveOp>(room: string, op: K, data: ReceiveMap[K], opts: RoomOptions = {}): void {
    this.onRoomFrame?.(room, op);
    const members = this.rooms.get(room);
    if (!members || members.size === 0) return;
    const raw = encoded(op, data, opts.msgId);
    for (const c of members) if (c !== opts.except) c.sendRaw(raw);
  }

  /** The members of a room bound to `user` (personalized mode sends each user their own view). */
  toRoomUser<K extends ReceiveOp>(room: string, user: string, op: K, data: ReceiveMap[K], opts: RoomOptions = {}): void {
    this.onRoomFrame?.(room, op);
    const members = this.rooms.get(room);
    if (!members || members.size === 0) return;
    let raw: Buffer | undefined;
    for (const c of members) {
      if (c === opts.except || (c.user ?? 'anonymous') !== user) continue;
      raw ??= encoded(op, data, opts.msgId);
      c.sendRaw(raw);
    }
  }

  /** The distinct users with a connection in the room. */
  usersIn(room: string): string[] {
    return [...new Set(this.members(room).map((c) => c.user ?? 'anonymous'))];
  }

  /** "All users": every connection bound to a principal (PROTOCOL conventions). */
  toAllUsers<K extends ReceiveOp>(op: K, data: ReceiveMap[K]): void {
    const raw = encoded(op, data);
    for (const c of this.conns) if (c.user !== undefined) c.sendRaw(raw);
  }

  toAll<K extends ReceiveOp>(op: K, data: ReceiveMap[K]): void {
    const raw = encoded(op, data);
    for (const c of this.conns) c.sendRaw(raw);
  }
}
