/**
 * Angular objects (PROTOCOL 2.7, 4.11) per interpreter group (= interpreter session id), each scoped to a
 * paragraph, a note, or global (no note id). Pure state; the service next to it does the messaging.
 */
import type { AngularObject } from '../../protocol';

const keyOf = (name: string, noteId?: string, paragraphId?: string): string => `${noteId ?? ''}\u0000${paragraphId ?? ''}\u0000${name}`;

export class AngularRegistry {
  private readonly groups = new Map<string, Map<string, AngularObject>>();

  private group(groupId: string): Map<string, AngularObject> {
    let g = this.groups.get(groupId);
    if (!g) {
      g = new Map();
      this.groups.set(groupId, g);
    }
    return g;
  }

  set(groupId: string, obj: AngularObject): AngularObject {
    const clean: AngularObject = { name: obj.name, object: obj.object };
    if (obj.noteId) clean.noteId = obj.noteId;
    if (obj.noteId && obj.paragraphId) clean.paragraphId = obj.paragraphId;
    this.group(groupId).set(keyOf(clean.name, clean.noteId, clean.paragraphId), clean);
    return clean;
  }

  get(groupId: string, name: string, noteId?: string, paragraphId?: string): AngularObject | undefined {
    return this.groups.get(groupId)?.get(keyOf(name, noteId, paragraphId));
  }

  /** The lookup order of ANGULAR_OBJECT_UPDATED: paragraph scope, then note scope, then global. */
  lookup(groupId: string, name: string, noteId: string, paragraphId?: string): AngularObject | undefined {
    return (paragraphId ? this.get(groupId, name, noteId, paragraphId) : undefined)
      ?? this.get(groupId, name, noteId)
      ?? this.get(groupId, name);
  }

  remove(groupId: string, name: string, noteId?: string, paragraphId?: string): AngularObject | undefined {
    const g = this.groups.get(groupId);
    const key = keyOf(name, noteId, paragraphId);
    const found = g?.get(key);
    if (found) g?.delete(key);
    return found;
  }

  /** Objects a note can see in a group: its own (note or paragraph scope) and the global ones. */
  visible(groupId: string, noteId: string): AngularObject[] {
    return [...(this.groups.get(groupId)?.values() ?? [])].filter((o) => o.noteId === undefined || o.noteId === noteId);
  }

  ofNote(groupId: string, noteId: string): AngularObject[] {
    return [...(this.groups.get(groupId)?.values() ?? [])].filter((o) => o.noteId === noteId);
  }

  groupIds(): string[] {
    return [...this.groups.keys()];
  }

  removeParagraph(noteId: string, paragraphId: string): { groupId: string; obj: AngularObject }[] {
    const out: { groupId: string; obj: AngularObject }[] = [];
    for (const [groupId, g] of this.groups) {
      for (const [key, obj] of g) {
        if (obj.noteId === noteId && obj.paragraphId === paragraphId) {
          g.delete(key);
          out.push({ groupId, obj });
        }
      }
    }
    return out;
  }

  removeNote(noteId: string): void {
    for (const g of this.groups.values()) for (const [key, obj] of g) if (obj.noteId === noteId) g.delete(key);
  }
}
