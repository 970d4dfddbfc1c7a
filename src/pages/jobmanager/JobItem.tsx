/** One note job: type icon, note link, interpreter, state, last run, progress, paragraph dots, run or stop. */
import { Icon } from '../../components/Icon';
import { memo } from 'react';
import type { Locale } from 'date-fns';
import { useAppDispatch } from '../../app/hooks';
import { formatDate, PARAGRAPH_DATE_FORMAT } from '../../../slices/domain/dates';
import { formatRelative } from '../../../slices/domain/locales';
import { noteDisplayName } from '../../../slices/domain/noteTree';
import { jobIcon, jobManager, jobProgress, jobState, STATUS_COLOURS } from '../../../slices/jobManager';
import { noteDialogs } from '../../../slices/noteDialogs';
import type { NoteJobInfo, NoteJobParagraph } from '../../../protocol';

const ICONS = { doc: ['doc', 'Note'], clock: ['clock', 'Scheduled note (cron)'], unknown: ['question', 'Unknown note type'] } as const;

function StatusDot({ noteId, p }: { noteId: string; p: NoteJobParagraph }) {
  const label = `${p.name || p.id} is ${p.status}`;
  // Spec icons: READY an empty circle, RUNNING a spinner, every other status a filled circle.
  const shape = p.status === 'READY' ? 'empty' : p.status === 'RUNNING' ? 'spinner' : 'filled';
  return (
    <a href={`#/notebook/${noteId}/paragraph/${p.id}`} className={`job-dot job-dot-${shape}`} data-status={p.status}
      style={{ color: STATUS_COLOURS[p.status] ?? 'gray' }} aria-label={label} title={label} />
  );
}

export const JobItem = memo(function JobItemView({ job, now, locale }: { job: NoteJobInfo; now: number; locale: Locale }) {
  const dispatch = useAppDispatch();
  const name = noteDisplayName(job.noteName, job.noteId);
  const [icon, iconLabel] = ICONS[jobIcon(job)];
  const progress = jobProgress(job);
  const state = jobState(job);
  const confirmRun = () => dispatch(noteDialogs.confirmOpened({
    title: 'Run all paragraphs?', message: `All paragraphs of '${name}' will run.`, confirmLabel: 'Run',
    action: jobManager.runRequested({ noteId: job.noteId }),
  }));
  const confirmStop = () => dispatch(noteDialogs.confirmOpened({
    title: 'Stop all paragraphs?', message: `All running paragraphs of '${name}' will stop.`, confirmLabel: 'Stop',
    action: jobManager.stopRequested({ noteId: job.noteId }),
  }));
  const lastRun = job.unixTimeLastRun > 0 ? job.unixTimeLastRun : null;
  return (
    <li className="job" data-note-id={job.noteId} aria-label={name}>
      <div className="job-head">
        <span className="job-icon" role="img" aria-label={iconLabel}><Icon name={icon} /></span>
        <a href={`#/notebook/${job.noteId}`} className="job-name">{name}</a>
        <span className="job-interpreter">{job.interpreter || 'interpreter is not set'}</span>
        <span className={`job-state job-state-${state.toLowerCase()}`}>{state}</span>
        {lastRun !== null && (
          <time className="job-time" dateTime={new Date(lastRun).toISOString()} title={formatDate(lastRun, PARAGRAPH_DATE_FORMAT, locale)}>
            {formatRelative(lastRun, now, locale)}
          </time>
        )}
        <span className="job-progress" role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>{progress}%</span>
        {job.isRunningJob
          ? <button type="button" onClick={confirmStop}>Stop all paragraphs</button>
          : <button type="button" onClick={confirmRun}>Run all paragraphs</button>}
      </div>
      <div className="job-dots">
        {(job.paragraphs ?? []).map((p) => <StatusDot key={p.id} noteId={job.noteId} p={p} />)}
      </div>
    </li>
  );
});
