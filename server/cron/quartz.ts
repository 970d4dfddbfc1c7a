/**
 * Quartz cron expressions (`sec min hour day-of-month month day-of-week [year]`, PROTOCOL 5.9) evaluated with
 * croner. croner understands seconds, the optional year, `?`, `L`, `W`, `#` and, with `alternativeWeekdays`,
 * Quartz's weekday numbers (1 = Sunday … 7 = Saturday). Three Quartz spellings it lacks are rewritten first:
 * `a/n` (from a, every n) becomes `a-<max>/n`, a bare `/n` steps over the whole range, and a lone `L` among weekdays means Saturday.
 * Quartz's rule that exactly one of the two day fields is `?` is enforced here, as Quartz refuses both others.
 * Not supported (refused as invalid): day-of-month offsets from the end (`L-3`).
 */
import { Cron } from 'croner';

export class QuartzError extends Error {
  constructor(expression: string, reason: string) {
    super(`Invalid cron expression '${expression}': ${reason}`);
    this.name = 'QuartzError';
  }
}

const FIELD_MAX = [59, 59, 23, 31, 12, 7, 9999];
const DAY_OF_MONTH = 3;
const DAY_OF_WEEK = 5;

function rewritePart(part: string, field: number): string {
  if (field === DAY_OF_WEEK && part.toUpperCase() === 'L') return '7';
  const slash = part.indexOf('/');
  if (slash < 0) return part;
  const start = part.slice(0, slash);
  const step = part.slice(slash);
  if (start === '') return `*${step}`;
  if (start === '*' || start.includes('-')) return part;
  return `${start}-${FIELD_MAX[field]}${step}`;
}

/** The croner pattern for a Quartz expression; throws QuartzError for anything Quartz would refuse. */
export function toCronerPattern(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7) throw new QuartzError(expression, 'expected 6 or 7 fields');
  const dom = fields[DAY_OF_MONTH];
  const dow = fields[DAY_OF_WEEK];
  if ((dom === '?') === (dow === '?')) throw new QuartzError(expression, "exactly one of day-of-month and day-of-week must be '?'");
  fields.forEach((f, i) => {
    if (f.includes('?') && f !== '?') throw new QuartzError(expression, "'?' must stand alone");
    if (f === '?' && i !== DAY_OF_MONTH && i !== DAY_OF_WEEK) throw new QuartzError(expression, "'?' is only allowed for the day fields");
  });
  // croner's Quartz mode quietly wraps weekday 0 and 8; Quartz allows only 1-7.
  for (const part of dow.split(',')) {
    const values = part.split('#')[0].split('/')[0].match(/\d+/g) ?? [];
    if (values.some((v) => Number(v) < 1 || Number(v) > 7)) throw new QuartzError(expression, 'day-of-week values are 1-7 (1 = Sunday)');
  }
  if (/L-\d/i.test(dom)) throw new QuartzError(expression, "offsets from the last day ('L-n') are not supported");
  return fields.map((f, i) => f.split(',').map((part) => rewritePart(part, i)).join(',')).join(' ');
}

/** A parsed expression; next() gives the first fire time strictly after a moment. */
export class QuartzSchedule {
  private readonly cron: Cron;

  constructor(readonly expression: string) {
    const pattern = toCronerPattern(expression);
    try {
      this.cron = new Cron(pattern, { mode: '6-or-7-parts', alternativeWeekdays: true, paused: true });
    } catch (e) {
      throw new QuartzError(expression, e instanceof Error ? e.message : String(e));
    }
  }

  next(after: Date): Date | undefined {
    return this.cron.nextRun(after) ?? undefined;
  }
}

export function isValidQuartz(expression: string): boolean {
  try {
    new QuartzSchedule(expression);
    return true;
  } catch {
    return false;
  }
}
