import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { resultHistory, selectResultHistoryAvailable } from '../../../slices/resultHistory';
import { notePage } from '../../../slices/notePage';
import { Icon } from '../../components/Icon';
import type { ParagraphId } from '../../../protocol';
import { chordLabel, commandById, type CommandId } from '../../../slices/domain/commands';
import { clamp, COL_WIDTH_MAX, COL_WIDTH_MIN, FONT_SIZE_MAX, FONT_SIZE_MIN, type EffectiveConfig } from '../../../slices/domain/noteModel';

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** The paragraph's settings menu: every item is a command, named as Zeppelin names it, with its key. */
export function ParagraphMenu({ id, noteId, config, first, last, readOnly }: {
  id: ParagraphId; noteId: string; config: EffectiveConfig; first: boolean; last: boolean; readOnly: boolean;
}) {
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  // Our server's extension: a Zeppelin server does not announce it, and the item is not offered.
  const historyAvailable = useAppSelector(selectResultHistoryAvailable);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const item = (command: CommandId, label: string, disabled = false) => {
    const c = commandById(command);
    return (
      <button type="button" role="menuitem" disabled={disabled || (c.edits && readOnly)} key={command}
        onClick={() => { setOpen(false); dispatch(notePage.commandInvoked({ command, id })); }}>
        <span>{label}</span>{c.chord && <kbd>{chordLabel(c.chord)}</kbd>}
      </button>
    );
  };

  return (
    <div className="paragraph-menu" ref={ref}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-label="Paragraph settings" title="Paragraph settings"
        onClick={() => setOpen(!open)}><Icon name="settings" /></button>
      {open && (
        <div role="menu" aria-label="Paragraph settings" className="menu-list" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
          <div className="menu-info">{id}</div>
          <label className="menu-field">Width
            <select aria-label="Column width" value={config.colWidth} disabled={readOnly}
              onChange={(e) => dispatch(notePage.configChanged({ id, config: { colWidth: clamp(Number(e.target.value), COL_WIDTH_MIN, COL_WIDTH_MAX) } }))}>
              {range(COL_WIDTH_MIN, COL_WIDTH_MAX).map((w) => <option key={w} value={w}>{w}</option>)}
            </select>
          </label>
          <label className="menu-field">Font size
            <select aria-label="Font size" value={config.fontSize} disabled={readOnly}
              onChange={(e) => dispatch(notePage.configChanged({ id, config: { fontSize: clamp(Number(e.target.value), FONT_SIZE_MIN, FONT_SIZE_MAX) } }))}>
              {range(FONT_SIZE_MIN, FONT_SIZE_MAX).map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          </label>
          {item('moveUp', 'Move up', first)}
          {item('moveDown', 'Move down', last)}
          {item('insertAbove', 'Insert new paragraph above')}
          {item('insertBelow', 'Insert new paragraph below')}
          {item('clone', 'Clone paragraph')}
          {item('clearOutput', 'Clear output')}
          {historyAvailable && (
            <button type="button" role="menuitem" onClick={() => { setOpen(false); dispatch(resultHistory.opened({ noteId, paragraphId: id })); }}>
              <span>Result history</span>
            </button>
          )}
          {item('toggleEnabled', config.enabled ? 'Disable run' : 'Enable run')}
          {item('toggleTitle', config.title ? 'Hide title' : 'Show title')}
          {item('toggleLineNumbers', config.lineNumbers ? 'Hide line numbers' : 'Show line numbers')}
          {item('toggleEditor', config.editorHide ? 'Show editor' : 'Hide editor')}
          {item('toggleOutput', config.tableHide ? 'Show output' : 'Hide output')}
          {item('runAbove', 'Run all above', first)}
          {item('runBelow', 'Run all below')}
          <a role="menuitem" href={`#/notebook/${noteId}/paragraph/${id}?asIframe`} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
            <span>Link this paragraph</span><kbd>{chordLabel(commandById('link').chord ?? { code: 'KeyW' })}</kbd>
          </a>
          {item('copyId', 'Copy paragraph id')}
          {item('remove', 'Remove')}
        </div>
      )}
    </div>
  );
}
