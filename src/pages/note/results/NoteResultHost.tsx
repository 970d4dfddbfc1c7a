/**
 * One result document per note (result-frame.html in a sandboxed frame without same-origin rights) hosting every
 * HTML, ANGULAR and ELEMENT result of the note, so that their scripts share one window as on a Zeppelin page. The
 * frame lies over the note, clipped to the placeholders (ResultSlot) the paragraphs draw where their results go:
 * it is seen and clicked only there. The page never evaluates result HTML: it only passes it to the frame.
 *
 * The page sends the results (all of the note's, also those of paragraphs not drawn yet, so their scripts run in
 * note order), where each placeholder is, and the angular objects; the frame sends each result's height and what
 * the results ask for (run a paragraph, bind or change an angular object).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notePage } from '../../../../slices/notePage';
import { selectOpenNoteParagraphIds } from '../../../../slices/notes';
import { ui } from '../../../../slices/ui';
import { LARGE_RESULT_BYTES } from '../../../../slices/domain/noteModel';
import type { RootState } from '../../../../slices/rootReducer';
import type { FrameItem, FromFrame, SlotPlace, ToFrame } from './frame/messages';
import { noParagraphWithId } from './frame/messages';
import { LayoutTracker } from './layoutTracker';

export const FRAME_TYPES = new Set(['HTML', 'ANGULAR', 'ELEMENT']);

export const resultKey = (paragraphId: string, index: number): string => `${paragraphId}:${index}`;

interface HostApi {
  slot(key: string, el: HTMLElement | null): void;
  height(key: string): number;
  subscribe(listener: () => void): () => void;
  /** Content that is not a paragraph result (a Helium application's HTML output), shown while its slot is drawn. */
  extra(item: FrameItem | null, key: string): void;
}

const HostContext = createContext<HostApi | null>(null);

const EMPTY: Record<string, never> = {};

/** The note's frame items in note order: every paragraph's HTML-like results, then the extras. */
function useItems(extras: ReadonlyMap<string, FrameItem>): FrameItem[] {
  const ids = useAppSelector(selectOpenNoteParagraphIds);
  const entities = useAppSelector((s: RootState) => s.paragraphs.entities);
  const forced = useAppSelector((s: RootState) => s.notePage.renderLarge);
  return useMemo(() => {
    const items: FrameItem[] = [];
    for (const id of ids) {
      const p = entities[id];
      if (!p || p.config?.tableHide) continue;
      (p.results?.msg ?? []).forEach((m, i) => {
        const key = resultKey(id, i);
        // A result too large to draw is not drawn here either, until the user asks for it.
        if (!FRAME_TYPES.has(m.type) || (m.data.length > LARGE_RESULT_BYTES && !forced[key])) return;
        items.push({ key, paragraphId: id, angular: m.type === 'ANGULAR', html: m.data });
      });
    }
    items.push(...extras.values());
    return items;
  }, [ids, entities, forced, extras]);
}

function useScopeMessage(): Extract<ToFrame, { kind: 'scope' }> {
  const angular = useAppSelector((s: RootState) => s.notePage.angular ?? EMPTY);
  const paragraphIds = useAppSelector(selectOpenNoteParagraphIds);
  return useMemo(() => {
    const values: Record<string, Record<string, unknown>> = {};
    for (const [scope, objects] of Object.entries(angular)) {
      values[scope] = Object.fromEntries(Object.entries(objects).map(([name, o]) => [name, o.value]));
    }
    return { zeppelin: true, kind: 'scope', values, paragraphIds };
  }, [angular, paragraphIds]);
}

/** What the frame asks for, checked as the per-result frames checked it before. */
function useFrameRequests(paragraphIds: string[]): (m: FromFrame) => void {
  const dispatch = useAppDispatch();
  const ids = useRef(paragraphIds);
  ids.current = paragraphIds;
  return useCallback((m: FromFrame) => {
    switch (m.kind) {
      case 'run':
        if (!ids.current.includes(m.paragraphId)) dispatch(ui.toastShown({ text: noParagraphWithId(m.paragraphId), level: 'danger' }));
        else dispatch(notePage.commandInvoked({ command: 'run', id: m.paragraphId }));
        return;
      case 'bind':
        dispatch(notePage.angularBindRequested({ paragraphId: m.paragraphId, name: m.name, value: m.value }));
        return;
      case 'unbind':
        dispatch(notePage.angularUnbindRequested({ paragraphId: m.paragraphId, name: m.name }));
        return;
      case 'set':
        dispatch(notePage.angularValueSet({ paragraphId: m.paragraphId, name: m.name, value: m.value }));
        return;
      case 'dblclick':
        // Handed to the paragraph's output area as a double click there, so the paragraph decides what it means.
        document.querySelector(`#paragraph_${CSS.escape(m.paragraphId)} .paragraph-results`)?.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
        return;
      default:
        return;
    }
  }, [dispatch]);
}

/**
 * True from the first frame painted after mounting. Creating the result frame costs a noticeable synchronous
 * slice of the main thread, and its results show only once its document has loaded anyway; the note's own
 * paragraphs (placeholders of the results included) are painted first.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame callback runs after that frame is painted.
    const raf = requestAnimationFrame(() => { timer = setTimeout(() => setPainted(true), 0); });
    return () => {
      cancelAnimationFrame(raf);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function NoteResultHost({ children, className }: { children: ReactNode; className?: string }) {
  const layer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const tracker = useMemo(() => new LayoutTracker(), []);
  const [extras, setExtras] = useState<ReadonlyMap<string, FrameItem>>(() => new Map());
  const items = useItems(extras);
  const scope = useScopeMessage();
  const onRequest = useFrameRequests(scope.paragraphIds);
  const sent = useRef(new Map<string, string>());
  const ready = useRef(false);
  const framed = useAfterFirstPaint();

  const post = useCallback((m: ToFrame) => frame.current?.contentWindow?.postMessage(m, '*'), []);
  const sendItems = useCallback((all: FrameItem[]) => {
    if (!ready.current) return;
    const changed = all.filter((it) => sent.current.get(it.key) !== it.html);
    const keys = all.map((it) => it.key);
    if (changed.length === 0 && keys.length === sent.current.size) return;
    sent.current = new Map(all.map((it) => [it.key, it.html]));
    post({ zeppelin: true, kind: 'results', items: changed, keys });
  }, [post]);

  const latest = useRef({ items, scope });
  latest.current = { items, scope };
  useEffect(() => sendItems(items), [items, sendItems]);
  useEffect(() => {
    if (ready.current) post(scope);
  }, [scope, post]);
  useEffect(() => tracker.start(layer.current, frame.current, (slots: Record<string, SlotPlace | null>) => {
    if (ready.current) post({ zeppelin: true, kind: 'layout', slots });
  }), [tracker, post, framed]);
  useEffect(() => tracker.keysChanged(items.map((it) => it.key)), [items, tracker, scope.paragraphIds]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const m = e.data as FromFrame;
      if (!m || m.zeppelin !== true) return;
      if (m.kind === 'ready') {
        ready.current = true;
        sent.current = new Map();
        post(latest.current.scope);
        sendItems(latest.current.items);
        tracker.remeasure();
      } else if (m.kind === 'heights') {
        tracker.setHeights(m.heights);
      } else {
        onRequest(m);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onRequest, post, sendItems, tracker]);

  const api = useMemo<HostApi>(() => ({
    slot: (key, el) => tracker.slot(key, el),
    height: (key) => tracker.height(key),
    subscribe: (l) => tracker.subscribeHeights(l),
    extra: (item, key) => setExtras((old) => {
      const next = new Map(old);
      if (item) next.set(key, item);
      else next.delete(key);
      return next;
    }),
  }), [tracker]);

  return (
    <div ref={layer} className={`note-result-layer${className ? ` ${className}` : ''}`}>
      {framed && (
        <iframe ref={frame} className="note-result-frame" title="Results" src="result-frame.html"
          sandbox="allow-scripts allow-popups allow-forms allow-modals" />
      )}
      <HostContext.Provider value={api}>{children}</HostContext.Provider>
    </div>
  );
}

/**
 * Where a frame result goes: an empty box as tall as the result's content in the note's frame, which is placed
 * over it. `extra` is content that is not among the note's results (a Helium application's HTML output).
 */
export function ResultSlot({ slotKey, title, extra }: { slotKey: string; title: string; extra?: FrameItem }) {
  const host = useContext(HostContext);
  const height = useSyncExternalStore(host?.subscribe ?? noSubscribe, () => host?.height(slotKey) ?? 0);
  const ref = useCallback((el: HTMLDivElement | null) => host?.slot(slotKey, el), [host, slotKey]);
  useEffect(() => {
    if (!host || !extra) return undefined;
    host.extra(extra, slotKey);
    return () => host.extra(null, slotKey);
  }, [host, extra, slotKey]);
  return <div ref={ref} className="result-slot" data-result-slot={slotKey} role="region" aria-label={title} style={{ height }} />;
}

const noSubscribe = () => () => undefined;
