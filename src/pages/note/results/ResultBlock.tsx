import { Suspense, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Icon } from '../../../components/Icon';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notePage } from '../../../../slices/notePage';
import { shallowEqual } from 'react-redux';
import { selectOpenMeta } from '../../../../slices/noteSelectors';
import type { ParagraphStatus, ResultConfig, ResultMessage } from '../../../../protocol';
import { DEFAULT_RESULT_HEIGHT, formatBytes, LARGE_RESULT_BYTES, MIN_RESULT_HEIGHT } from '../../../../slices/domain/noteModel';
import { ResultSlot, resultKey } from './NoteResultHost';
import { TextResult } from './TextResult';
import { ansiToHtml } from './terminalText';
import { copyText } from './clipboard';
import { useHeliumModes } from '../../../helium/useHeliumModes';
import { useHeliumRegistry } from '../../../helium/HeliumContext';
import { SpellDisplay } from '../../../helium/SpellDisplay';
// Tables, charts and networks come with their chart libraries, so they load only when a note page needs them.
import { LazyResultView as ResultView } from './resultViewChunk';

const selectNoteFormNames = (s: Parameters<typeof selectOpenMeta>[0]): string[] => Object.keys(selectOpenMeta(s)?.noteForms ?? {});

/** The types whose drawing is sized by the saved graph height, which the handle under them drags. */
const SIZED = new Set(['TABLE', 'NETWORK']);

/** The text is made on click: converting a streaming result on every frame would cost its whole length each time. */
function CopyButton({ text }: { text: () => string }) {
  const [tip, setTip] = useState('Copy');
  return (
    <button type="button" className="result-copy" title={tip} aria-label={tip === 'Copy' ? 'Copy result' : tip}
      onClick={() => { void copyText(text()).then((ok) => setTip(ok ? 'Copied!' : 'Not supported browser')); }}>
      <Icon name="copy" />
    </button>
  );
}

function plainText(m: ResultMessage): string {
  if (m.type === 'TEXT') {
    const div = document.createElement('div');
    div.innerHTML = ansiToHtml(m.data);
    return div.textContent ?? m.data;
  }
  return m.data;
}

function ResultBody({ m, paragraphId, index, config, streaming, title, exportTitle, status, dateFinished }: {
  m: ResultMessage; paragraphId: string; index: number; config: ResultConfig | undefined; streaming: boolean; title: string;
  exportTitle?: string; status?: ParagraphStatus; dateFinished?: string;
}) {
  const dispatch = useAppDispatch();
  const heliumModes = useHeliumModes();
  const heliumHooks = useHeliumRegistry().page();
  const noteForms = useAppSelector(selectNoteFormNames, shallowEqual);
  switch (m.type) {
    case 'TEXT':
      return <TextResult data={m.data} streaming={streaming} />;
    case 'HTML':
    case 'ELEMENT':
    case 'ANGULAR':
      // Drawn by the note's result document (NoteResultHost), over this placeholder.
      return <ResultSlot slotKey={resultKey(paragraphId, index)} title={`${title} result ${index + 1}`} />;
    case 'IMG':
      return <img className="result-img" alt={`${title} image ${index + 1}`} src={`data:image/png;base64,${m.data.trim()}`} />;
    case 'SVG':
      return <img className="result-img" alt={`${title} image ${index + 1}`} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(m.data)}`} />;
    case 'TABLE':
    case 'NETWORK':
      return (
        <Suspense fallback={<p role="status">Loading visualisation…</p>}>
          <ResultView paragraphId={paragraphId} index={index} result={m} config={config} status={status} dateFinished={dateFinished} title={exportTitle} heliumModes={heliumModes} heliumHooks={heliumHooks}
            noteForms={noteForms} onFormLink={(form, value) => dispatch(notePage.formLinkClicked({ form, value }))}
            onConfigChange={(next) => dispatch(notePage.resultConfigChanged({ id: paragraphId, index, config: next }))} />
        </Suspense>
      );
    case 'NULL':
      return null;
    default:
      // A spell's magic as the type: the result of a spell that draws into the page (an ELEMENT), run again here.
      if (m.type.startsWith('%')) {
        return (
          <SpellDisplay magic={m.type} text={m.data} domId={`p${paragraphId}_${index}_custom`.replace(/[^\w-]/g, '_')}
            renderPart={(part, i) => <ResultBody m={part} paragraphId={paragraphId} index={index * 100 + i} config={undefined} streaming={false} title={title} />} />
        );
      }
      return <pre className="result-raw">{m.data}</pre>;
  }
}

/** One result message: size guard, copy button, the body by type, and the height handle for sized types. */
export function ResultBlock({ m, paragraphId, index, config, streaming, title, exportTitle, readOnly, status, dateFinished }: {
  m: ResultMessage; paragraphId: string; index: number; config: ResultConfig | undefined; streaming: boolean; title: string; readOnly: boolean;
  /** The paragraph's own title, if it has one: table downloads are named from it, else "data". */
  exportTitle?: string; status?: ParagraphStatus; dateFinished?: string;
}) {
  const dispatch = useAppDispatch();
  const forced = useAppSelector((s) => !!s.notePage.renderLarge[`${paragraphId}:${index}`]);
  const boxRef = useRef<HTMLDivElement>(null);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  // Tables are parsed in a worker, so their size never freezes the page and needs no guard.
  const large = m.data.length > LARGE_RESULT_BYTES && m.type !== 'TABLE' && !forced;

  const startDrag = (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = boxRef.current;
    if (!box || readOnly) return;
    const top = box.getBoundingClientRect().top;
    const move = (ev: PointerEvent) => setDragHeight(Math.max(0, ev.clientY - top));
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      const h = Math.round(ev.clientY - top);
      setDragHeight(null);
      // Spec: a dragged height under 50 becomes 300.
      dispatch(notePage.resultHeightChanged({ id: paragraphId, index, height: h < MIN_RESULT_HEIGHT ? DEFAULT_RESULT_HEIGHT : h }));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    e.preventDefault();
  };

  const sized = SIZED.has(m.type);
  const shownConfig = dragHeight !== null && config ? { ...config, graph: { ...config.graph, height: dragHeight } } : dragHeight !== null ? { graph: { height: dragHeight } } : config;
  return (
    <div className={`result result-${m.type.toLowerCase()}`} ref={boxRef} data-result-index={index}>
      {large ? (
        <div className="result-large" role="group" aria-label="Large result">
          <p>This result is {formatBytes(m.data.length)}, too large to draw at once.</p>
          <button type="button" onClick={() => dispatch(notePage.largeResultShown({ id: paragraphId, index }))}>Render</button>
          <button type="button" onClick={() => dispatch(notePage.resultDownloadRequested({ id: paragraphId, index }))}>Download</button>
        </div>
      ) : (
        <>
          {(m.type === 'TEXT' || m.type === 'TABLE' || m.type === 'HTML') && m.data && <CopyButton text={() => plainText(m)} />}
          <ResultBody m={m} paragraphId={paragraphId} index={index} config={shownConfig} streaming={streaming} title={title} exportTitle={exportTitle} status={status} dateFinished={dateFinished} />
        </>
      )}
      {sized && !readOnly && <div className="result-resize" role="separator" aria-label="Resize result" onPointerDown={startDrag} />}
    </div>
  );
}
