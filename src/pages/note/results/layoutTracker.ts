/**
 * Keeps the note's result frame over the placeholders: measures where each drawn placeholder is (relative to the
 * layer the frame covers), clips the frame to those boxes (clipped-out parts are neither painted nor clicked, so
 * the rest of the note stays usable), and keeps the heights the frame reports for the placeholders to take.
 *
 * Measuring happens at most once per animation frame, after any size change of the layer or of a placeholder, a
 * new or removed placeholder, a new height, or a change of the note's results.
 */
import type { SlotPlace } from './frame/messages';

type Listener = () => void;

/**
 * The heights the result frame last reported, by result, kept across note pages (as the paragraphs' own heights
 * are): a result seen before takes its place at once when its note is opened again, instead of growing from
 * nothing when the new frame reports and pushing everything below it down. The frame's report still decides.
 */
const lastReported = new Map<string, number>();
/** Enough for the results of several large notes; the oldest go first. */
const LAST_REPORTED_MAX = 20_000;

function remember(key: string, height: number): void {
  lastReported.delete(key);
  lastReported.set(key, height);
  if (lastReported.size > LAST_REPORTED_MAX) lastReported.delete(lastReported.keys().next().value as string);
}

export class LayoutTracker {
  private readonly slots = new Map<string, HTMLElement>();
  private readonly heights = new Map<string, number>();
  private readonly heightListeners = new Set<Listener>();
  private layer: HTMLElement | null = null;
  private frame: HTMLIFrameElement | null = null;
  private onLayout: (slots: Record<string, SlotPlace | null>) => void = () => undefined;
  private observer: ResizeObserver | null = null;
  private queued = 0;
  private keys: string[] = [];
  private lastSent = '';

  start(layer: HTMLElement | null, frame: HTMLIFrameElement | null, onLayout: (slots: Record<string, SlotPlace | null>) => void): () => void {
    this.layer = layer;
    this.frame = frame;
    this.onLayout = onLayout;
    if (typeof ResizeObserver !== 'undefined') {
      this.observer = new ResizeObserver(() => this.schedule());
      if (layer) this.observer.observe(layer);
      for (const el of this.slots.values()) this.observer.observe(el);
    }
    this.schedule();
    return () => {
      this.observer?.disconnect();
      this.observer = null;
      if (this.queued) cancelAnimationFrame(this.queued);
      this.queued = 0;
    };
  }

  slot(key: string, el: HTMLElement | null): void {
    const old = this.slots.get(key);
    if (old === el) return;
    if (old) this.observer?.unobserve(old);
    if (el) {
      this.slots.set(key, el);
      this.observer?.observe(el);
    } else {
      this.slots.delete(key);
    }
    this.schedule();
  }

  height(key: string): number {
    return this.heights.get(key) ?? lastReported.get(key) ?? 0;
  }

  setHeights(heights: Record<string, number>): void {
    for (const [k, h] of Object.entries(heights)) {
      if (!Number.isFinite(h)) continue;
      const height = Math.max(0, Math.min(h, 20000));
      this.heights.set(k, height);
      remember(k, height);
    }
    this.heightListeners.forEach((l) => l());
    this.schedule();
  }

  subscribeHeights(l: Listener): () => void {
    this.heightListeners.add(l);
    return () => this.heightListeners.delete(l);
  }

  /** The note's results changed: places may move (a result appeared or went) even when no size did. */
  keysChanged(keys: string[]): void {
    this.keys = keys;
    this.schedule();
  }

  remeasure(): void {
    this.lastSent = '';
    this.schedule();
  }

  private schedule(): void {
    if (this.queued || typeof requestAnimationFrame === 'undefined') return;
    this.queued = requestAnimationFrame(() => {
      this.queued = 0;
      this.measure();
    });
  }

  private measure(): void {
    const layer = this.layer;
    const frame = this.frame;
    if (!layer || !frame) return;
    const base = layer.getBoundingClientRect();
    const places: Record<string, SlotPlace | null> = {};
    for (const k of this.keys) places[k] = null;
    const boxes: string[] = [];
    for (const [key, el] of this.slots) {
      const r = el.getBoundingClientRect();
      if (!el.isConnected || r.width === 0) {
        places[key] = null;
        continue;
      }
      const at = { top: Math.round(r.top - base.top), left: Math.round(r.left - base.left), width: Math.round(r.width) };
      places[key] = at;
      if (r.height > 0) boxes.push(`M${at.left} ${at.top}h${at.width}v${Math.round(r.height)}h${-at.width}Z`);
    }
    frame.style.height = `${Math.ceil(layer.scrollHeight)}px`;
    // Nothing drawn: clip everything away (an empty path would not be valid).
    frame.style.clipPath = boxes.length > 0 ? `path('${boxes.join('')}')` : 'inset(50%)';
    const text = JSON.stringify(places);
    if (text === this.lastSent) return;
    this.lastSent = text;
    this.onLayout(places);
  }
}
