/**
 * A paragraph's status as Zeppelin shows it: the word (READY, PENDING, RUNNING, FINISHED, ERROR, ABORT) beside the
 * coloured dot, the elapsed time while it runs, and "Not run" when a run-all stopped before reaching it.
 */
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import type { ParagraphId, ParagraphStatus as Status } from '../../../protocol';
import { parseServerDate } from '../../../slices/domain/dates';
import { statusIcon } from '../../../slices/domain/noteModel';
import { selectNotRun } from '../../../slices/runAll';

/** `m:ss` (or `h:mm:ss`) since `from`. */
export function elapsedText(from: Date, now: number): string {
  const s = Math.max(0, Math.floor((now - from.getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

function Elapsed({ since }: { since: Date }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <> {elapsedText(since, now)}</>;
}

export function ParagraphStatus({ id, status, dateStarted }: { id: ParagraphId; status: Status | undefined; dateStarted: string | undefined }) {
  const notRun = useAppSelector((s) => selectNotRun(s).includes(id));
  const word = status ?? 'READY';
  const started = status === 'RUNNING' ? parseServerDate(dateStarted) : null;
  return (
    <span className={`paragraph-status-badge status-${word}`}>
      <span className={`status-icon status-${statusIcon(status)}`} role="img" aria-label={`Status ${word}`} />
      <span className="status-word" aria-hidden="true">{word}{started && <Elapsed since={started} />}</span>
      {notRun && <span className="status-not-run" title="Run all stopped at an error before this paragraph">Not run</span>}
    </span>
  );
}
