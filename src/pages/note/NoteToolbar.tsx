import { useState, type ReactNode } from 'react';
import { Watchers } from './Collaboration';
import { Icon } from '../../components/Icon';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notePage } from '../../../slices/notePage';
import { noteDisplayName } from '../../../slices/domain/noteTree';
import type { CommandId } from '../../../slices/domain/commands';
import { VersionControls } from '../../revisions/VersionControls';
import { selectNotRun } from '../../../slices/runAll';
import { selectEditBlocked, selectIsNoteOwner, selectNoteRunning, selectOpenMeta, selectRunStalePlan, selectViewOnly } from '../../../slices/noteSelectors';

function NoteTitle() {
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectOpenMeta);
  const viewOnly = useAppSelector(selectViewOnly);
  const [editing, setEditing] = useState<string | null>(null);
  if (!meta) return null;
  const name = noteDisplayName(meta.name, meta.id);
  if (editing === null) {
    return <h1 className="note-title" title={viewOnly ? undefined : 'Click to rename'} onClick={() => { if (!viewOnly) setEditing(meta.name ?? ''); }}>{name}</h1>;
  }
  const commit = () => {
    dispatch(notePage.noteRenamed({ name: editing }));
    setEditing(null);
  };
  return (
    <input className="note-title-input" aria-label="Note name" autoFocus value={editing} onChange={(e) => setEditing(e.target.value)}
      onBlur={commit} onKeyDown={(e) => { if (e.key === 'Enter') commit(); if (e.key === 'Escape') setEditing(null); }} />
  );
}

/** The note toolbar: note-wide commands, tool panels, look and feel, and the collaboration toggle. */
export function NoteToolbar() {
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectOpenMeta);
  const blocked = useAppSelector(selectEditBlocked);
  const viewOnly = useAppSelector(selectViewOnly);
  const running = useAppSelector(selectNoteRunning);
  const notRun = useAppSelector(selectNotRun).length;
  const stale = useAppSelector(selectRunStalePlan).length;
  const owner = useAppSelector(selectIsNoteOwner);
  const panel = useAppSelector((s) => s.notePage.panel);
  if (!meta) return null;
  const run = (command: CommandId) => () => dispatch(notePage.commandInvoked({ command }));
  const btn = (command: CommandId, label: string, glyph: ReactNode, disabled = false, pressed?: boolean) => (
    <button type="button" aria-label={label} title={label} disabled={disabled} aria-pressed={pressed} onClick={run(command)}>{glyph}</button>
  );
  const personalized = meta.config?.personalizedMode === 'true';
  const looknfeel = meta.config?.looknfeel ?? 'default';
  return (
    <div className="note-toolbar" role="toolbar" aria-label="Note toolbar">
      <NoteTitle />
      <span className="toolbar-group">
        {btn('runAll', 'Run all paragraphs', <Icon name="runAll" />, blocked)}
        {stale > 0 && (
          <button type="button" className="run-stale" aria-label="Run stale" disabled={blocked}
            title={`Run the ${stale} stale paragraph${stale === 1 ? '' : 's'} in note order`} onClick={run('runStale')}>
            Run stale <span aria-hidden="true">({stale})</span>
          </button>
        )}
        {btn('stopAll', 'Stop all paragraphs', <Icon name="stop" />, viewOnly)}
        {btn('toggleAllEditors', 'Show/hide the code', <Icon name="code" />, viewOnly)}
        {btn('toggleAllOutputs', 'Show/hide the output', <Icon name="output" />, viewOnly)}
        {btn('clearAllOutput', 'Clear output', <Icon name="clear" />, blocked)}
        {btn('cloneNote', 'Clone this note', <Icon name="clone" />)}
        {btn('exportZpln', 'Export this note (zpln)', <Icon name="exportZpln" />)}
        {btn('exportIpynb', 'Export this note (ipynb)', <Icon name="exportIpynb" />)}
        {btn('reloadNote', 'Reload from note file', <Icon name="reload" />)}
        {btn('trashNote', 'Move this note to trash', <Icon name="trash" />, blocked)}
        {btn('deleteNote', 'Remove this note permanently', <Icon name="remove" />, blocked)}
      </span>
      <span className="toolbar-group">
        {btn('searchCode', 'Search code', <Icon name="search" />)}
        {btn('bindings', 'Interpreter binding', <Icon name="bindings" />, false, panel === 'bindings')}
        {btn('permissions', 'Note permissions', <Icon name="lock" />, false, panel === 'permissions')}
        {btn('cron', 'Run scheduler', <Icon name="clock" />, false, panel === 'cron')}
        {btn('help', 'List of shortcuts', <Icon name="keyboard" />)}
        {btn('palette', 'Command palette', <Icon name="palette" />)}
        {owner && (
          <button type="button" onClick={() => dispatch(notePage.personalizedToggled())} disabled={viewOnly && looknfeel !== 'report'}
            aria-label={personalized ? 'Switch to collaboration mode' : 'Switch to personal mode'}
            title={personalized ? 'Switch to collaboration mode' : 'Switch to personal mode'}>{personalized ? <Icon name="user" /> : <Icon name="users" />}</button>
        )}
      </span>
      <VersionControls noteId={meta.id} />
      <span className="toolbar-group">
        <label>Look and feel{' '}
          <select aria-label="Look and feel" value={looknfeel} disabled={!owner && viewOnly}
            onChange={(e) => dispatch(notePage.noteConfigChanged({ looknfeel: e.target.value }))}>
            <option value="default">default</option>
            <option value="simple">simple</option>
            <option value="report">report</option>
          </select>
        </label>
        {running && <span role="status" className="note-running">Running all paragraphs…</span>}
        {!running && notRun > 0 && (
          <span role="status" className="note-not-run">Run all stopped at an error: {notRun} paragraph{notRun === 1 ? '' : 's'} did not run</span>
        )}
        {viewOnly && <span role="status" className="note-viewonly">View only</span>}
        <Watchers />
      </span>
    </div>
  );
}
