/**
 * The note's paragraphs, drawn a window at a time: only the grid rows in and near the viewport are in the page, the
 * rest is empty space of their measured (or estimated) height, so a 5,000-paragraph note opens and scrolls at the
 * cost of a short one. Whatever must reach a paragraph that is not drawn (a deep link, ↑/↓ at an edge, find's next
 * match) goes by its row's offset: a focus or reveal request scrolls there, and the paragraph is drawn on arrival.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../../slices/rootReducer';
import type { ParagraphId } from '../../../protocol';
import { sameRows, selectOpenNoteRows } from '../../../slices/noteSelectors';
import { ParagraphSlot, slotHeight } from './ParagraphView';

/** Paragraphs drawn at once when a note opens; the rest wait until they come near the viewport. */
const EAGER_PARAGRAPHS = 12;
/**
 * Rows kept in the page above and below the viewport. Enough that a note of a few dozen paragraphs is in the page
 * whole (placeholders off screen, as before windowing), and that the neighbour of any drawn paragraph is too.
 */
const OVERSCAN_ROWS = 20;

/**
 * The grid's top in document coordinates: the window scrolls, and the toolbar and panels above it change height.
 * Read at each render from the element the last render drew (the virtualizer renders again as rows are measured).
 */
function documentTop(el: HTMLElement | null): number {
  return el ? Math.round(el.getBoundingClientRect().top + window.scrollY) : 0;
}

const NO_ROWS: ParagraphId[][] = [];

/**
 * The rows, once the grid has been placed: the note's first drawing (its paragraphs with their editors, results and
 * tables) comes in a transition after the commit that placed the page, which React renders in slices, rather than
 * in the one task that handles the note's arrival. From then on the grid follows the note at once.
 */
function useOpenedRows(): ParagraphId[][] {
  const rows = useAppSelector(selectOpenNoteRows, sameRows);
  const [opened, setOpened] = useState(false);
  useEffect(() => startTransition(() => setOpened(true)), []);
  return opened ? rows : NO_ROWS;
}

export function ParagraphGrid({ noteId }: { noteId: string }) {
  const rows = useOpenedRows();
  const store = useStore<RootState>();
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollMargin = documentTop(gridRef.current);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  // The virtualizer asks again for every row below one it measures; an estimate is worked out once per paragraph.
  const estimates = useRef(new Map<ParagraphId, number>());
  const estimate = (id: ParagraphId): number => {
    let h = estimates.current.get(id);
    if (h === undefined) {
      h = slotHeight(store.getState(), id);
      estimates.current.set(id, h);
    }
    return h;
  };
  // The same function while the rows are the same: the virtualizer starts its measurements over from the first row
  // whenever this function changes, which for every render walked every row of the note.
  const getItemKey = useCallback((i: number) => rows[i]?.[0] ?? i, [rows]);
  // Each row's estimate once per rows array: the virtualizer asks for every row below each one it measures, which
  // while a long note scrolls is many thousands of asks.
  const rowEstimates = useMemo(() => new Float64Array(rows.length).fill(Number.NaN), [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => {
      const known = rowEstimates[i];
      if (known >= 0) return known;
      let h = 1;
      for (const id of rows[i] ?? []) h = Math.max(h, estimate(id));
      if (i < rowEstimates.length) rowEstimates[i] = h;
      return h;
    },
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  const rowOf = useCallback((id: ParagraphId): number => rowsRef.current.findIndex((row) => row.includes(id)), []);
  useReveal(virtualizer.scrollToIndex, rowOf);
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0;
  let firstIndex = 0;
  for (let r = 0; r < (items[0]?.index ?? 0); r++) firstIndex += rows[r].length;
  const count = rows.reduce((n, row) => n + row.length, 0);
  let index = firstIndex;
  return (
    <div ref={gridRef} className="note-rows" style={{ paddingTop: before, paddingBottom: after }}>
      {items.map((item) => (
        <div key={item.key} className="note-grid" data-index={item.index} ref={virtualizer.measureElement}>
          {rows[item.index].map((id) => {
            const i = index++;
            return <ParagraphSlot key={id} id={id} index={i} count={count} noteId={noteId} eager={i < EAGER_PARAGRAPHS} />;
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * Brings the paragraph of a focus request (nearest edge) or a reveal request (centred) into view: at once when it
 * is drawn, else by scrolling to its row first and finishing once the row is in the page.
 */
function useReveal(scrollToIndex: (index: number, options: { align: 'start' | 'center' | 'auto' }) => void, rowOf: (id: ParagraphId) => number): void {
  const focus = useAppSelector((s) => s.notePage.focusRequest);
  const reveal = useAppSelector((s) => s.notePage.reveal);
  const bring = useCallback((id: ParagraphId, block: 'nearest' | 'center') => {
    const el = document.getElementById(`paragraph_${id}`);
    if (el) {
      el.scrollIntoView?.({ block });
      return;
    }
    const row = rowOf(id);
    if (row < 0) return;
    scrollToIndex(row, { align: block === 'center' ? 'center' : 'auto' });
    // Drawn in a later frame: place it exactly once it is there (its height may differ from the estimate).
    let tries = 0;
    const settle = () => {
      const drawn = document.getElementById(`paragraph_${id}`);
      if (drawn) drawn.scrollIntoView?.({ block });
      else if (++tries < 30) requestAnimationFrame(settle);
    };
    requestAnimationFrame(settle);
  }, [rowOf, scrollToIndex]);
  useEffect(() => {
    if (focus) bring(focus.id, 'nearest');
  }, [focus, bring]);
  useEffect(() => {
    if (reveal) bring(reveal.id, 'center');
  }, [reveal, bring]);
}
