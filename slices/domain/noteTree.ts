/**
 * Builds the home page's folder tree from the flat NOTES_INFO list (paths split on `/`).
 * Order: folders before notes, names alphabetical, the trash folder last.
 */
import type { NoteInfo } from '../../protocol';

export const TRASH_FOLDER_ID = '~Trash';

export interface NoteNode {
  kind: 'note';
  id: string;
  name: string;
  path: string;
  isTrash: boolean;
}
export interface FolderNode {
  kind: 'folder';
  /** Folder path without the leading slash, as Zeppelin's folder ops take it. */
  id: string;
  name: string;
  children: TreeNode[];
  isTrash: boolean;
}
export type TreeNode = NoteNode | FolderNode;

/** A trash path is one whose first segment is the trash folder id. */
export const isTrashPath = (path: string): boolean => path.replace(/^\/+/, '').split('/')[0] === TRASH_FOLDER_ID;

/** A note without a name is shown as "Note {id}". */
export const noteDisplayName = (name: string | undefined, id: string): string => (name && name.trim() ? name : `Note ${id}`);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareNodes(a: TreeNode, b: TreeNode): number {
  const aTrash = a.kind === 'folder' && a.id === TRASH_FOLDER_ID;
  const bTrash = b.kind === 'folder' && b.id === TRASH_FOLDER_ID;
  if (aTrash !== bTrash) return aTrash ? 1 : -1;
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return collator.compare(a.name, b.name);
}

function sortTree(nodes: TreeNode[]): void {
  nodes.sort(compareNodes);
  for (const n of nodes) if (n.kind === 'folder') sortTree(n.children);
}

export function buildNoteTree(list: readonly NoteInfo[]): TreeNode[] {
  const root: TreeNode[] = [];
  const folders = new Map<string, FolderNode>();
  for (const info of list) {
    const segments = (info.path ?? '').replace(/^\/+/, '').split('/').filter((s) => s !== '');
    const name = segments.pop();
    const trash = segments[0] === TRASH_FOLDER_ID;
    let children = root;
    let folderPath = '';
    for (const segment of segments) {
      folderPath = folderPath ? `${folderPath}/${segment}` : segment;
      let folder = folders.get(folderPath);
      if (!folder) {
        folder = { kind: 'folder', id: folderPath, name: segment === TRASH_FOLDER_ID ? 'Trash' : segment, children: [], isTrash: trash };
        folders.set(folderPath, folder);
        children.push(folder);
      }
      children = folder.children;
    }
    children.push({ kind: 'note', id: info.id, name: noteDisplayName(name, info.id), path: info.path, isTrash: trash });
  }
  sortTree(root);
  return root;
}

/** Notes in tree order, optionally filtered by a case-insensitive substring of their path. */
export function flattenNotes(nodes: readonly TreeNode[], filter = ''): NoteNode[] {
  const needle = filter.trim().toLowerCase();
  const out: NoteNode[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      if (n.kind === 'folder') walk(n.children);
      else if (!needle || n.path.toLowerCase().includes(needle)) out.push(n);
    }
  };
  walk(nodes);
  return out;
}
