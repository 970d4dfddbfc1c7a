/** Small hooks of the note page: frame-batched store reads, near-viewport detection, page-wide guards. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../slices/rootReducer';

const nextFrame = (cb: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : (setTimeout(cb, 16) as unknown as number);
const cancelFrame = (h: number): void => {
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(h);
  else clearTimeout(h);
};

/**
 * Like useAppSelector, but re-renders at most once per animation frame: a paragraph receiving a thousand appends a
 * second paints its output sixty times a second, not a thousand.
 */
export function useFrameSelector<T>(selector: (s: RootState) => T): T {
  const store = useStore<RootState>();
  const [value, setValue] = useState(() => selector(store.getState()));
  const latest = useRef(selector);
  latest.current = selector;
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const v = latest.current(store.getState());
      setValue((prev) => (Object.is(prev, v) ? prev : v));
    };
    const unsubscribe = store.subscribe(() => {
      if (!frame) frame = nextFrame(check);
    });
    check();
    return () => {
      unsubscribe();
      if (frame) cancelFrame(frame);
    };
  }, [store]);
  return value;
}

/**
 * Whether an element is within a screen of the viewport. Paragraphs far off screen render as placeholders of their
 * last height, so opening a 500-paragraph note costs about what a 50-paragraph one does.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, initially: boolean): boolean {
  const [near, setNear] = useState(initially || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) setNear(e.isIntersecting);
    }, { rootMargin: '100% 0px 100% 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return near;
}

/** Asks before the tab is closed or reloaded while text is unsaved (the browser shows its own wording). */
export function useUnloadGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, message]);
}
