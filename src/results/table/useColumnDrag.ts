/** Reordering columns by dragging one header onto another: the dragged column moves before the drop target. */
import { useRef, type DragEvent } from 'react';
import type { GridViewState } from './gridState';

function moveBefore(order: readonly string[], id: string, target: string): string[] {
  const next = order.filter((x) => x !== id);
  const at = next.indexOf(target);
  next.splice(at < 0 ? next.length : at, 0, id);
  return next;
}

export interface ColumnDrag {
  onDragStart(name: string): void;
  onDrop(e: DragEvent, target: string): void;
}

export function useColumnDrag(view: GridViewState, change: (next: GridViewState) => void): ColumnDrag {
  const dragged = useRef<string | null>(null);
  return {
    onDragStart: (name) => { dragged.current = name; },
    onDrop: (e, target) => {
      e.preventDefault();
      const id = dragged.current;
      dragged.current = null;
      if (id && id !== target) change({ ...view, order: moveBefore(view.order, id, target) });
    },
  };
}
