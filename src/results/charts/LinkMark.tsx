/**
 * One bar, slice or point of a chart whose clicks set a note form: a focusable button around the mark's own shape;
 * pressing it, or Enter / Space on the focused mark, sets the form.
 *
 * Notes:
 * - The press, not the click: recharts draws a hovered mark again in its own layer, so the element under the pointer
 *   can change between press and release, and a click then goes to their common ancestor instead of the mark.
 */
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

export function LinkMark({ label, onActivate, children }: { label: string; onActivate(): void; children: ReactNode }) {
  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onActivate();
  };
  const onPointerDown = (e: PointerEvent<SVGGElement>) => {
    if (e.button === 0) onActivate();
  };
  return (
    <g role="button" tabIndex={0} aria-label={label} className="chart-link-mark" onPointerDown={onPointerDown} onKeyDown={onKeyDown}>
      {children}
    </g>
  );
}
