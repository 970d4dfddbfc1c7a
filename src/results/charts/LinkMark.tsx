/**
 * One bar, slice or point of a chart whose clicks set a note form: a focusable button around the mark's own shape,
 * so a click, or Enter / Space on the focused mark, sets the form.
 */
import type { KeyboardEvent, ReactNode } from 'react';

export function LinkMark({ label, onActivate, children }: { label: string; onActivate(): void; children: ReactNode }) {
  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onActivate();
  };
  return (
    <g role="button" tabIndex={0} aria-label={label} className="chart-link-mark" onClick={onActivate} onKeyDown={onKeyDown}>
      {children}
    </g>
  );
}
