/**
 * Beyond Zeppelin: each scheduled run leaves an entry in the note's `info.cronHistory` (newest first, bounded),
 * so the cron panel can show when runs happened, how long they took and where they failed. Kept in the note
 * file, it follows the note through renames and moves.
 */
import type { Note, Paragraph } from '../../protocol';

export type CronOutcome = 'SUCCESS' | 'ERROR' | 'ABORT' | 'SKIPPED' | 'FAILED';

export interface CronRun {
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
  outcome: CronOutcome;
  user: string;
  roles: string[];
  paragraphId?: string;
  paragraphTitle?: string;
  message?: string;
}

export const HISTORY_LIMIT = 20;
const MESSAGE_LIMIT = 500;

const clip = (s: string): string => (s.length > MESSAGE_LIMIT ? `${s.slice(0, MESSAGE_LIMIT)}…` : s);

function isCronRun(v: unknown): v is CronRun {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.startedAt === 'number' && typeof r.durationMs === 'number' && typeof r.outcome === 'string';
}

export function historyOf(note: Note): CronRun[] {
  const raw = note.info?.cronHistory;
  return Array.isArray(raw) ? raw.filter(isCronRun) : [];
}

export function appendRun(note: Note, run: CronRun): void {
  const info = note.info ?? {};
  info.cronHistory = [run, ...historyOf(note)].slice(0, HISTORY_LIMIT);
  note.info = info;
}

/**
 * A stored run stops at the first paragraph that does not finish, so that paragraph is the failure; an
 * unresolvable interpreter fails too, though the run went on past it (PROTOCOL 5.6).
 */
export function outcomeOf(paragraphs: Paragraph[]): Pick<CronRun, 'outcome' | 'paragraphId' | 'paragraphTitle' | 'message'> {
  const failing = paragraphs.find((p) => p.config?.enabled !== false && p.status !== 'FINISHED');
  if (!failing) return { outcome: 'SUCCESS' };
  const text = failing.errorMessage ?? failing.results?.msg?.map((m) => m.data).join('\n');
  return {
    outcome: failing.status === 'ABORT' ? 'ABORT' : 'ERROR',
    paragraphId: failing.id,
    ...(failing.title ? { paragraphTitle: failing.title } : {}),
    ...(text ? { message: clip(text) } : {}),
  };
}
