/**
 * Whether an element is on screen and its width. A chart off-screen or in a hidden tab keeps its last drawing and
 * draws again only once shown; where IntersectionObserver or ResizeObserver is missing (jsdom, old browsers) it
 * counts as shown and as `fallbackWidth` wide; where ResizeObserver is there, the width is unknown (null) until
 * its first report.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useShown(ref: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setShown(entries.some((e) => e.isIntersecting)));
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return shown;
}

/**
 * The element's width, or null until it is known. Where ResizeObserver exists the width is taken from its first
 * report, which comes with the next frame's layout: a chart is then drawn once, at its real width, in a task of its
 * own, rather than at a guessed width and again at the real one inside the task that placed it.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallbackWidth = 600): number | null {
  const observed = typeof ResizeObserver !== 'undefined';
  const [width, setWidth] = useState<number | null>(observed ? null : fallbackWidth);
  useEffect(() => {
    const el = ref.current;
    // Never left unknown: without an element to watch, or with a report of no width (not laid out yet), the chart
    // is drawn at the fallback width and again when a later report brings the real one.
    if (!el || !observed) {
      setWidth(el?.clientWidth || fallbackWidth);
      return;
    }
    const ro = new ResizeObserver(() => setWidth(el.clientWidth || fallbackWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, observed, fallbackWidth]);
  return width;
}
