/** Job-manager views built from stored paragraphs (PROTOCOL 2.5, 3.4, 4.9). */
import type { NoteJobInfo, Paragraph, ParagraphStatus } from '../../protocol';
import { parseAnyDate } from '../util/dates';
import type { NoteEntry } from './notebook';

const TERMINAL = new Set<ParagraphStatus>(['FINISHED', 'ERROR', 'ABORT']);

const time = (s: unknown): number => (typeof s === 'string' ? (parseAnyDate(s)?.getTime() ?? 0) : 0);

function lastRun(p: Paragraph, now: number): number {
  if (p.status === 'RUNNING' || p.status === 'PENDING') return now;
  if (p.status && TERMINAL.has(p.status)) return time(p.dateFinished) || time(p.dateCreated);
  return time(p.dateCreated);
}

export function noteJobInfo(entry: NoteEntry, now = Date.now()): NoteJobInfo {
  const { note } = entry;
  const paragraphs = note.paragraphs.map((p) => ({ id: p.id, name: p.title ? p.title : p.id, status: p.status ?? 'READY' }));
  return {
    noteId: entry.id,
    noteName: entry.path.slice(1),
    noteType: typeof note.config?.cron === 'string' && note.config.cron.trim() !== '' ? 'cron' : 'normal',
    interpreter: note.defaultInterpreterGroup ?? '',
    isRunningJob: note.paragraphs.some((p) => p.status === 'RUNNING' || p.status === 'PENDING'),
    isRemoved: false,
    unixTimeLastRun: note.paragraphs.reduce((max, p) => Math.max(max, lastRun(p, now)), 0),
    paragraphs,
  };
}

export const removedJob = (noteId: string): NoteJobInfo => ({ noteId, isRunningJob: false, isRemoved: true, unixTimeLastRun: 0 });

/** REST `ParagraphJobStatus` (PROTOCOL 3.4): `started`/`finished` in Java's `Date.toString()` format. */
export function paragraphJobStatus(p: Paragraph): Record<string, string> {
  const status = p.status ?? 'READY';
  const out: Record<string, string> = {
    id: p.id,
    status,
    progress: TERMINAL.has(status) ? '100' : status === 'RUNNING' ? String(p.progress ?? 0) : '0',
  };
  const started = parseAnyDate(String(p.dateStarted ?? ''));
  const finished = parseAnyDate(String(p.dateFinished ?? ''));
  if (started) out.started = javaDateString(started);
  if (finished) out.finished = javaDateString(finished);
  if (status === 'ERROR') {
    const text = p.results?.msg?.map((m) => m.data).join('\n');
    out.errorMessage = p.errorMessage ?? text ?? '';
  }
  return out;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function javaDateString(d: Date): string {
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const zone = Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(d).find((x) => x.type === 'timeZoneName')?.value ?? 'UTC';
  return `${DAYS[d.getDay()]} ${MONTHS[d.getMonth()]} ${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())} ${zone} ${d.getFullYear()}`;
}
