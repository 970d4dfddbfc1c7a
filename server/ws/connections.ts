/**
 * Open websocket connections and note rooms (PROTOCOL 1.9).
 *
 * Notes:
 * - A connection sits in at most one room: a note id, or the job manager's pseudo room.
 * - Broadcast frames are encoded once and the same string is sent to every member.
 * - Zeppelin sends COLLABORATIVE_MODE_STATUS to every watched room on each join/leave; we send it only to the
 *   rooms whose membership changed, which is what clients act on.
 */
import WebSocket from 'ws';
import { encodeServerFrame, type ReceiveMap, type ReceiveOp } from '../../protocol';

export const JOB_MANAGER_ROOM = 'JOB_MANAGER_PAGE';

export class Connection {
  /** Bound on the first accepted message (PROTOCOL 1.4 step 7); unbound connections get no NOTES_INFO. */
  user: string | undefined;
  roles: string[] = [];
  room: string | undefined;
  /** Frames of one connection are handled one after another, in arrival order. */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly id: number,
    private readonly socket: WebSocket,
  ) {}

  sendRaw(raw: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(raw);
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

  constructor(private readonly collaborative: boolean) {}

  create(socket: WebSocket): Connection {
    const conn = new Connection(this.nextId++, socket);
    this.conns.add(conn);
    return conn;
  }

  remove(conn: Connection): void {
    this.conns.delete(conn);
    this.leave(conn);
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

  toRoom<K extends ReceiveOp>(room: string, op: K, data: ReceiveMap[K], opts: RoomOptions = {}): void {
    const members = this.rooms.get(room);
    if (!members || members.size === 0) return;
    const raw = encodeServerFrame(op, data, opts.msgId);
    for (const c of members) if (c !== opts.except) c.sendRaw(raw);
  }

  /** The members of a room bound to `user` (personalized mode sends each user their own view). */
  toRoomUser<K extends ReceiveOp>(room: string, user: string, op: K, data: ReceiveMap[K], opts: RoomOptions = {}): void {
    const members = this.rooms.get(room);
    if (!members || members.size === 0) return;
    let raw: string | undefined;
    for (const c of members) {
      if (c === opts.except || (c.user ?? 'anonymous') !== user) continue;
      raw ??= encodeServerFrame(op, data, opts.msgId);
      c.sendRaw(raw);
    }
  }

  /** The distinct users with a connection in the room. */
  usersIn(room: string): string[] {
    return [...new Set(this.members(room).map((c) => c.user ?? 'anonymous'))];
  }

  /** "All users": every connection bound to a principal (PROTOCOL conventions). */
  toAllUsers<K extends ReceiveOp>(op: K, data: ReceiveMap[K]): void {
    const raw = encodeServerFrame(op, data);
    for (const c of this.conns) if (c.user !== undefined) c.sendRaw(raw);
  }

  toAll<K extends ReceiveOp>(op: K, data: ReceiveMap[K]): void {
    const raw = encodeServerFrame(op, data);
    for (const c of this.conns) c.sendRaw(raw);
  }
}
