/**
 * Angular object messaging (PROTOCOL 2.7): interpreter-side binds reach the whole note room, client-side changes
 * reach the rest of the room and the interpreter session, and every change is mirrored into the note's
 * `angularObjects` snapshot.
 */
import type { AngularObject } from '../../protocol';
import { parseParagraphText } from '../interpreters/magic';
import { SessionManager } from '../interpreters/sessions';
import type { InterpreterRegistry } from '../interpreters/settings';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { findParagraph } from '../notes/paragraphs';
import { ZeppelinError } from '../util/errors';
import type { Connection, ConnectionManager } from '../ws/connections';
import { AngularRegistry } from './registry';

export class AngularService {
  readonly registry = new AngularRegistry();

  constructor(
    private readonly notebook: Notebook,
    private readonly connections: ConnectionManager,
    private readonly interpreters: InterpreterRegistry,
    private readonly sessions: SessionManager,
  ) {}

  /** The interpreter group a paragraph's objects live in: the session its magic resolves to for this note and user. */
  groupIdFor(entry: NoteEntry, paragraphId: string, user: string): string {
    const found = findParagraph(entry.note, paragraphId);
    const magic = parseParagraphText(found?.paragraph.text).magic;
    const resolved = this.interpreters.resolve(magic || undefined, entry.note.defaultInterpreterGroup)
      ?? this.interpreters.resolve(undefined, entry.note.defaultInterpreterGroup);
    if (!resolved) throw new ZeppelinError(`No interpreter for paragraph ${paragraphId}`);
    return SessionManager.sessionId(resolved.setting, { noteId: entry.id, user });
  }

  /** Groups whose objects a note shows: its bound settings' sessions plus any group holding objects of the note. */
  groupIdsOf(entry: NoteEntry, boundSettingNames: string[], user: string): string[] {
    const ids = new Set<string>();
    for (const name of boundSettingNames) {
      const s = this.interpreters.byName(name);
      if (s) ids.add(SessionManager.sessionId(s, { noteId: entry.id, user }));
    }
    for (const g of this.registry.groupIds()) if (this.registry.ofNote(g, entry.id).length > 0) ids.add(g);
    return [...ids];
  }

  /** After GET_NOTE: one ANGULAR_OBJECT_UPDATE per object visible to the note. */
  replay(conn: Connection, entry: NoteEntry, boundSettingNames: string[]): void {
    for (const groupId of this.groupIdsOf(entry, boundSettingNames, conn.user ?? 'anonymous')) {
      for (const obj of this.registry.visible(groupId, entry.id)) {
        conn.send('ANGULAR_OBJECT_UPDATE', { angularObject: obj, interpreterGroupId: groupId, noteId: entry.id, ...(obj.paragraphId ? { paragraphId: obj.paragraphId } : {}) });
      }
    }
  }

  private snapshot(noteId: string): void {
    const entry = this.notebook.get(noteId);
    if (!entry) return;
    const snap: Record<string, AngularObject[]> = {};
    for (const g of this.registry.groupIds()) {
      const objs = this.registry.ofNote(g, noteId);
      if (objs.length > 0) snap[g] = objs;
    }
    this.notebook.setNoteField(entry, 'angularObjects', snap);
    void this.notebook.save(noteId).catch((e: unknown) => console.error('[angular] saving the note failed:', e));
  }

  private pushToInterpreter(groupId: string, obj: AngularObject, removed: boolean): void {
    for (const interp of this.sessions.existing(groupId)?.running() ?? []) {
      if (removed) interp.angularRemoved?.(obj.noteId ?? '', obj.name, obj.paragraphId);
      else interp.angularUpdated?.(obj.noteId ?? '', obj.name, obj.object, obj.paragraphId);
    }
  }

  private updateFrame(groupId: string, obj: AngularObject, noteId: string) {
    return { angularObject: obj, interpreterGroupId: groupId, noteId, ...(obj.paragraphId ? { paragraphId: obj.paragraphId } : {}) };
  }

  /** z.angularBind from an interpreter: →R ANGULAR_OBJECT_UPDATE. */
  interpreterBind(groupId: string, noteId: string, name: string, value: unknown, paragraphId?: string): void {
    const obj = this.registry.set(groupId, { name, object: value, noteId, paragraphId });
    this.connections.toRoom(noteId, 'ANGULAR_OBJECT_UPDATE', this.updateFrame(groupId, obj, noteId));
    this.snapshot(noteId);
  }

  /** z.angularUnbind: →R ANGULAR_OBJECT_REMOVE in the interpreter-side shape `{name, noteId, paragraphId}`. */
  interpreterUnbind(groupId: string, noteId: string, name: string, paragraphId?: string): void {
    const removed = this.registry.remove(groupId, name, noteId, paragraphId);
    if (!removed) return;
    this.connections.toRoom(noteId, 'ANGULAR_OBJECT_REMOVE', { name, noteId, ...(paragraphId ? { paragraphId } : {}) });
    this.snapshot(noteId);
  }

  /** ANGULAR_OBJECT_CLIENT_BIND: paragraph-scoped object in the paragraph's group, →R−S UPDATE. */
  clientBind(sender: Connection, entry: NoteEntry, name: string, value: unknown, paragraphId: string): void {
    const groupId = this.groupIdFor(entry, paragraphId, sender.user ?? 'anonymous');
    const obj = this.registry.set(groupId, { name, object: value, noteId: entry.id, paragraphId });
    this.pushToInterpreter(groupId, obj, false);
    this.connections.toRoom(entry.id, 'ANGULAR_OBJECT_UPDATE', this.updateFrame(groupId, obj, entry.id), { except: sender });
    this.snapshot(entry.id);
  }

  /** ANGULAR_OBJECT_CLIENT_UNBIND: →R−S REMOVE in the client-side shape `{angularObject, interpreterGroupId, ...}`. */
  clientUnbind(sender: Connection, entry: NoteEntry, name: string, paragraphId: string): void {
    const groupId = this.groupIdFor(entry, paragraphId, sender.user ?? 'anonymous');
    const removed = this.registry.remove(groupId, name, entry.id, paragraphId);
    if (!removed) throw new ZeppelinError(`No angular object ${name} in paragraph ${paragraphId}`, 'NOT_FOUND');
    this.pushToInterpreter(groupId, removed, true);
    this.connections.toRoom(entry.id, 'ANGULAR_OBJECT_REMOVE', { angularObject: removed, interpreterGroupId: groupId, noteId: entry.id, paragraphId }, { except: sender });
    this.snapshot(entry.id);
  }

  /** ANGULAR_OBJECT_UPDATED: the value of an existing object changed in a UI. */
  clientUpdated(sender: Connection, entry: NoteEntry, groupId: string, name: string, value: unknown, paragraphId?: string): void {
    const found = this.registry.lookup(groupId, name, entry.id, paragraphId);
    if (!found) throw new ZeppelinError(`No angular object ${name} in interpreter group ${groupId}`, 'NOT_FOUND');
    const obj = this.registry.set(groupId, { ...found, object: value });
    this.pushToInterpreter(groupId, obj, false);
    this.connections.toRoom(entry.id, 'ANGULAR_OBJECT_UPDATE', this.updateFrame(groupId, obj, entry.id), { except: sender });
    this.snapshot(entry.id);
  }

  paragraphRemoved(noteId: string, paragraphId: string): void {
    const removed = this.registry.removeParagraph(noteId, paragraphId);
    for (const { groupId, obj } of removed) this.pushToInterpreter(groupId, obj, true);
  }

  /**
   * Values shared in a note across interpreters, for `{name}` interpolation: this server's stand-in for Zeppelin's
   * resource pool. Paragraph scope first, then the note, then global objects, in any interpreter group.
   */
  sharedValue(noteId: string, paragraphId: string) {
    return (name: string): { found: boolean; value?: unknown } => {
      const groups = this.registry.groupIds();
      for (const scope of [[noteId, paragraphId], [noteId, undefined], [undefined, undefined]] as const) {
        for (const g of groups) {
          const obj = this.registry.get(g, name, scope[0], scope[1]);
          if (obj) return { found: true, value: obj.object };
        }
      }
      return { found: false };
    };
  }

  /** An angular object shadows a form of the same name (PROTOCOL 4.5). */
  formShadow(groupId: string, noteId: string, paragraphId: string) {
    return (name: string): { found: boolean; value?: unknown } => {
      const obj = (this.registry.get(groupId, name, noteId, paragraphId) ?? this.registry.get(groupId, name, noteId));
      return obj ? { found: true, value: obj.object } : { found: false };
    };
  }
}
