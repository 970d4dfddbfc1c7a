import { memo, useEffect, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../../slices/rootReducer';
import { notePage } from '../../../slices/notePage';
import type { FormParams, ParagraphId } from '../../../protocol';
import { EditingBadge } from './Collaboration';
import { Forms } from './Forms';
import { colWidthOf, effectiveConfig, footerText, isRunning } from '../../../slices/domain/noteModel';
import { Icon } from '../../components/Icon';
import { ParagraphStatus } from './ParagraphStatus';
import { StaleMarker } from './StaleMarker';
import { ParagraphEditor } from './ParagraphEditor';
import { ParagraphMenu } from './ParagraphMenu';
import { ResultsArea } from './results/ResultsArea';
import { selectEditBlocked, selectEditorReadOnly, selectOpenMeta, selectViewOnly } from '../../../slices/noteSelectors';
import { useNearViewport } from './hooks';

/** What the chrome shows; streamed output changes none of it, so appends do not re-render this part. */
function selectChrome(s: RootState, id: ParagraphId) {
  const p = s.paragraphs.entities[id];
  if (!p) return null;
  return {
    title: p.title, status: p.status, config: p.config, progress: p.progress, dateStarted: p.dateStarted,
    dateFinished: p.dateFinished, dateUpdated: p.dateUpdated, user: p.user, settings: p.settings, errorMessage: p.errorMessage,
    editOnDblClick: !!(s.interpreters.editorSettings[id] ?? p.config?.editorSetting)?.editOnDblClick,
  };
}

function TitleEditor({ id, title, readOnly }: { id: ParagraphId; title: string; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const editing = useAppSelector((s) => s.notePage.renamingTitle === id);
  const [text, setText] = useState(title);
  if (!editing || readOnly) {
    return (
      <h2 className="paragraph-title" onClick={() => { if (!readOnly) { setText(title); dispatch(notePage.titleEditStarted(id)); } }}>
        {title || 'Untitled'}
      </h2>
    );
  }
  return (
    <input className="paragraph-title-input" aria-label="Paragraph title" autoFocus value={text} onChange={(e) => setText(e.target.value)}
      onBlur={() => dispatch(notePage.titleChanged({ id, title: text }))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') dispatch(notePage.titleChanged({ id, title: text }));
        if (e.key === 'Escape') dispatch(notePage.titleEditStarted(null));
      }} />
  );
}

export function ParagraphView({ id, index, count, noteId, chromeless }: { id: ParagraphId; index: number; count: number; noteId: string; chromeless?: boolean }) {
  const dispatch = useAppDispatch();
  const c = useAppSelector((s) => selectChrome(s, id), shallowEqual);
  const readOnly = useAppSelector((s) => selectEditorReadOnly(s, id));
  const blocked = useAppSelector(selectEditBlocked);
  const viewOnly = useAppSelector(selectViewOnly);
  const report = useAppSelector((s) => selectOpenMeta(s)?.config?.looknfeel === 'report');
  if (!c) return null;
  const config = effectiveConfig(c.config);
  const running = isRunning(c.status);
  const title = c.title || `Paragraph ${index + 1}`;
  const footer = footerText(c);
  const editorLabel = config.editorHide ? 'Show editor' : 'Hide editor';
  const outputLabel = config.tableHide ? 'Show output' : 'Hide output';
  const forms = c.settings?.forms ?? {};
  const onForm = (name: string, value: string | string[], run: boolean) =>
    dispatch(notePage.paramsChanged({ id, params: { [name]: value } as FormParams, run }));
  const onEdge = (dir: 'up' | 'down') => dispatch(notePage.commandInvoked({ command: dir === 'up' ? 'cursorUp' : 'cursorDown', id }));
  const openEditor = () => {
    if (c.editOnDblClick && config.editorHide && !blocked) {
      dispatch(notePage.configChanged({ id, config: { editorHide: false } }));
      dispatch(notePage.focusRequested({ id, at: 'end' }));
    }
  };

  if (chromeless) {
    return (
      <section id={`paragraph_${id}`} className="paragraph paragraph-iframe" aria-label={title}>
        <Forms forms={forms} params={c.settings?.params ?? {}} disabled={blocked} onChange={onForm} runOnSelectionChange={c.config?.runOnSelectionChange !== false} />
        <ResultsArea paragraphId={id} title={title} readOnly />
      </section>
    );
  }

  return (
    <section id={`paragraph_${id}`} className={`paragraph${running ? ' is-running' : ''}${config.enabled ? '' : ' is-disabled'}`} aria-label={title}
      data-status={c.status} tabIndex={-1} style={{ fontSize: `${config.fontSize + 4}px` }} onMouseDown={() => dispatch(notePage.focused({ id }))}>
      <header className="paragraph-head">
        <ParagraphStatus id={id} status={c.status} dateStarted={c.dateStarted} />
        {config.title && <TitleEditor id={id} title={c.title ?? ''} readOnly={viewOnly} />}
        <StaleMarker id={id} />
        <EditingBadge id={id} />
        <span className="paragraph-controls">
          {running ? (
            <button type="button" aria-label="Cancel paragraph" title="Cancel paragraph (Ctrl+Alt+C)" disabled={viewOnly}
              onClick={() => dispatch(notePage.commandInvoked({ command: 'cancel', id }))}><Icon name="stop" /></button>
          ) : (
            <button type="button" aria-label="Run paragraph" title="Run paragraph (Shift+Enter)" disabled={blocked || !config.enabled}
              onClick={() => dispatch(notePage.commandInvoked({ command: 'run', id }))}><Icon name="run" /></button>
          )}
          <button type="button" aria-label={editorLabel} title={`${editorLabel} (Ctrl+Alt+E)`} disabled={viewOnly}
            onClick={() => dispatch(notePage.commandInvoked({ command: 'toggleEditor', id }))}><Icon name={config.editorHide ? 'editorShow' : 'editorHide'} /></button>
          <button type="button" aria-label={outputLabel} title={`${outputLabel} (Ctrl+Alt+O)`} disabled={viewOnly}
            onClick={() => dispatch(notePage.commandInvoked({ command: 'toggleOutput', id }))}><Icon name={config.tableHide ? 'outputShow' : 'outputHide'} /></button>
          <ParagraphMenu id={id} noteId={noteId} config={config} first={index === 0} last={index === count - 1} readOnly={blocked} />
        </span>
      </header>
      {running && c.status === 'RUNNING' && (
        <progress className="paragraph-progress" aria-label="Progress" max={100} value={c.progress ?? 0} />
      )}
      <Forms forms={forms} params={c.settings?.params ?? {}} disabled={blocked} onChange={onForm} runOnSelectionChange={c.config?.runOnSelectionChange !== false} />
      {!config.editorHide && !report && <ParagraphEditor id={id} fontSize={config.fontSize} lineNumbers={!!config.lineNumbers} onEdge={onEdge} />}
      {!config.tableHide && <ResultsArea paragraphId={id} title={title} readOnly={readOnly} onDoubleClick={openEditor} />}
      {c.errorMessage && c.status === 'ERROR' && <pre className="paragraph-error">{c.errorMessage}</pre>}
      {footer && !report && (
        <footer className="paragraph-footer">
          {footer}
        </footer>
      )}
    </section>
  );
}

/** Heights of paragraphs last drawn, so a placeholder keeps the page from jumping when it takes their place. */
const lastHeights = new Map<ParagraphId, number>();

/** A paragraph's height before it is drawn: its last drawn height, else a guess from its text and results. */
export const slotHeight = (s: RootState, id: ParagraphId): number => lastHeights.get(id) ?? estimateHeight(s, id);

const ESTIMATED_LINES_MAX = 30;

/** Lines of `text`, counted up to `max` (a long text is not split for it). */
function lineCount(text: string, max: number): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0 && n < max; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function estimateHeight(s: RootState, id: ParagraphId): number {
  const p = s.paragraphs.entities[id];
  const lines = lineCount(p?.text ?? '', ESTIMATED_LINES_MAX);
  const out = (p?.results?.msg ?? []).length;
  return 60 + lines * 20 + out * 120;
}

/**
 * One observer for every drawn slot: their heights arrive with the layout the browser does anyway, instead of each
 * slot reading its height back after every render (a forced layout per paragraph).
 */
let slotSizes: ResizeObserver | null = null;

function watchSlotHeight(el: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  slotSizes ??= new ResizeObserver((entries) => {
    for (const e of entries) {
      const slot = e.target as HTMLElement;
      const box = e.borderBoxSize?.[0];
      const key = slot.dataset.paragraphId;
      // A notice that arrives after the paragraph gave way to its placeholder would measure the placeholder.
      if (key && !slot.firstElementChild?.classList.contains('paragraph-placeholder')) {
        lastHeights.set(key, Math.round(box ? box.blockSize : e.contentRect.height));
      }
    }
  });
  const observer = slotSizes;
  observer.observe(el);
  return () => observer.unobserve(el);
}

/**
 * A slot in the grid: the paragraph itself when it is near the viewport (or focused), else a placeholder of the
 * same size and the same `paragraph_{id}` element id, so deep links and scrolling still find it.
 */
export const ParagraphSlot = memo(function Slot({ id, index, count, noteId, eager }: { id: ParagraphId; index: number; count: number; noteId: string; eager: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, eager);
  const focused = useAppSelector((s) => s.notePage.focusedId === id);
  const colWidth = useAppSelector((s) => colWidthOf(s.paragraphs.entities[id]?.config));
  const estimate = useAppSelector((s) => (near || focused ? 0 : lastHeights.get(id) ?? estimateHeight(s, id)));
  const dispatch = useAppDispatch();
  const editable = !useAppSelector(selectEditBlocked);
  const live = near || focused;
  // Only a drawn paragraph's height is kept: a placeholder's is the estimate itself.
  useEffect(() => (live && ref.current ? watchSlotHeight(ref.current) : undefined), [live]);
  return (
    <div ref={ref} className="paragraph-slot" style={{ gridColumn: `span ${colWidth}` }} data-paragraph-id={id}>
      {live ? <ParagraphView id={id} index={index} count={count} noteId={noteId} /> : (
        <section id={`paragraph_${id}`} className="paragraph paragraph-placeholder" aria-busy="true" style={{ height: estimate }} />
      )}
      {editable && (
        <button type="button" className="paragraph-insert" aria-label="Add paragraph" title="Add paragraph"
          onClick={() => dispatch(notePage.commandInvoked({ command: 'insertBelow', id }))}><Icon name="add" /></button>
      )}
    </div>
  );
});
