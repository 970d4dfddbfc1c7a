/**
 * Whether an element is on screen and its width. A chart off-screen or in a hidden tab keeps its last drawing and
 * draws again only once shown; where IntersectionObserver or ResizeObserver is missing (jsdom, old browsers) it
 * counts as shown and as `fallbackWidth` wide.
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

export function useWidth(ref: RefObject<HTMLElement | null>, fallbackWidth = 600): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width > 0 ? width : fallbackWidth;
}
