import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notePage } from '../../../../slices/notePage';
import { selectOpenNoteParagraphIds } from '../../../../slices/notes';
import { ui } from '../../../../slices/ui';
import type { RootState } from '../../../../slices/rootReducer';
import { frameDocument, noParagraphWithId } from './frameRuntime';

type FrameMessage =
  | { zeppelin: true; kind: 'height'; height: number }
  | { zeppelin: true; kind: 'ready' }
  | { zeppelin: true; kind: 'run'; paragraphId: string }
  | { zeppelin: true; kind: 'bind'; name: string; value: unknown; paragraphId: string }
  | { zeppelin: true; kind: 'unbind'; name: string; paragraphId: string }
  | { zeppelin: true; kind: 'set'; name: string; value: unknown };

const EMPTY: Record<string, never> = {};

/** Values an ANGULAR template sees: note-wide objects, overridden by the paragraph's own. */
function useScopeValues(paragraphId: string): Record<string, unknown> {
  const note = useAppSelector((s: RootState) => s.notePage.angular[''] ?? EMPTY);
  const own = useAppSelector((s: RootState) => s.notePage.angular[paragraphId] ?? EMPTY);
  return useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(note)) out[k] = v.value;
    for (const [k, v] of Object.entries(own)) out[k] = v.value;
    return out;
  }, [note, own]);
}

/**
 * HTML, ANGULAR and ELEMENT results run in a sandboxed frame without same-origin rights: the note's scripts and
 * styles work, but cannot reach the app's DOM, cookies or storage. The frame talks to the page only through
 * postMessage, and only messages from this frame's own window are read.
 */
export function SandboxFrame({ html, paragraphId, angular, title }: { html: string; paragraphId: string; angular: boolean; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(40);
  const dispatch = useAppDispatch();
  const values = useScopeValues(paragraphId);
  const ids = useAppSelector(selectOpenNoteParagraphIds);
  const doc = useMemo(() => frameDocument(html, { angular, paragraphId }), [html, angular, paragraphId]);
  const latest = useRef({ values, ids });
  latest.current = { values, ids };

  const sendScope = () => ref.current?.contentWindow?.postMessage({ zeppelin: true, kind: 'scope', values: latest.current.values, paragraphIds: latest.current.ids }, '*');

  useEffect(() => {
    sendScope();
  }, [values, ids]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!ref.current || e.source !== ref.current.contentWindow) return;
      const m = e.data as FrameMessage;
      if (!m || m.zeppelin !== true) return;
      switch (m.kind) {
        case 'height':
          if (Number.isFinite(m.height)) setHeight(Math.max(20, Math.min(m.height, 20000)));
          return;
        case 'ready':
          sendScope();
          return;
        case 'run':
          if (!latest.current.ids.includes(m.paragraphId)) dispatch(ui.toastShown({ text: noParagraphWithId(m.paragraphId), level: 'danger' }));
          else dispatch(notePage.runRequested({ id: m.paragraphId }));
          return;
        case 'bind':
          dispatch(notePage.angularBindRequested({ paragraphId: m.paragraphId, name: m.name, value: m.value }));
          return;
        case 'unbind':
          dispatch(notePage.angularUnbindRequested({ paragraphId: m.paragraphId, name: m.name }));
          return;
        case 'set':
          dispatch(notePage.angularValueSet({ paragraphId, name: m.name, value: m.value }));
          return;
        default:
          return;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [dispatch, paragraphId]);

  return (
    <iframe ref={ref} className="result-frame" title={title} sandbox="allow-scripts allow-popups allow-forms allow-modals"
      srcDoc={doc} style={{ height }} />
  );
}
