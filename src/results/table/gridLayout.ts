/**
 * The grid's geometry: the height of its parts, the height of its scroll box, and which rows a scroll position
 * draws. Only the rows in view (plus an overscan) are in the DOM, so a 100,000-row result keeps a constant number
 * of DOM rows.
 */
import type { CSSProperties } from 'react';
import { TABLE_MIN_HEIGHT } from './tableOptions';

export const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 36;
const FILTER_HEIGHT = 34;
const FOOTER_HEIGHT = 30;
/** Rows drawn above and below the visible window, so fast scrolling does not show blank space. */
const OVERSCAN = 8;

export interface GridWindow {
  /** Height of the scroll box. */
  boxHeight: number;
  /** The drawn rows are `first` up to (not including) `last`. */
  first: number;
  last: number;
}

export function gridWindow({ rowCount, height, scrollTop, useFilter, showFooter }: {
  rowCount: number; height: number; scrollTop: number; useFilter: boolean; showFooter: boolean;
}): GridWindow {
  const headerHeight = HEADER_HEIGHT + (useFilter ? FILTER_HEIGHT : 0);
  const footerHeight = showFooter ? FOOTER_HEIGHT : 0;
  const contentHeight = headerHeight + rowCount * ROW_HEIGHT + footerHeight + 2;
  const boxHeight = Math.max(TABLE_MIN_HEIGHT, Math.min(height, contentHeight));
  const bodyHeight = Math.max(ROW_HEIGHT, boxHeight - headerHeight - footerHeight);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((scrollTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN);
  return { boxHeight, first, last };
}

/** Header, body and footer cells of a column share one fixed width, so the columns line up. */
export const cellStyle = (size: number): CSSProperties => ({ width: size, minWidth: size, maxWidth: size });
