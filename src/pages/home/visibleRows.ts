/**
 * The rows the home list shows: the tree walked depth-first through open folders, stopping once `limit` rows are
 * collected, so the cost follows what is on screen, not the size of the notebook.
 */
import { TRASH_FOLDER_ID, type FolderNode, type NoteNode, type TreeNode } from '../../../slices/domain/noteTree';

export interface Row {
  node: TreeNode;
  depth: number;
}

/** Folders start open, except the trash (Zeppelin shows it folded). */
export const isFolderOpen = (f: FolderNode, toggled: Record<string, true>): boolean => (f.id !== TRASH_FOLDER_ID) !== !!toggled[f.id];

export function visibleRows(tree: readonly TreeNode[], toggled: Record<string, true>, limit: number): { rows: Row[]; more: boolean } {
  const rows: Row[] = [];
  let more = false;
  const walk = (nodes: readonly TreeNode[], depth: number): boolean => {
    for (const node of nodes) {
      if (rows.length >= limit) {
        more = true;
        return false;
      }
      rows.push({ node, depth });
      if (node.kind === 'folder' && isFolderOpen(node, toggled) && !walk(node.children, depth + 1)) return false;
    }
    return true;
  };
  walk(tree, 0);
  return { rows, more };
}

/** Notes whose path contains the filter (case-insensitive), at most `limit`. */
export function filteredNotes(notes: readonly { node: NoteNode; lower: string }[], filter: string, limit: number): { rows: NoteNode[]; more: boolean } {
  const needle = filter.trim().toLowerCase();
  const rows: NoteNode[] = [];
  for (const n of notes) {
    if (!n.lower.includes(needle)) continue;
    if (rows.length >= limit) return { rows, more: true };
    rows.push(n.node);
  }
  return { rows, more: false };
}
