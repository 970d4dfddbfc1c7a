/**
 * Pure rules of the note page (spec sections 4, 5 and 9), kept apart from components so tests read them directly.
 */
import { formatDistanceStrict } from 'date-fns';
import { formatDate, parseServerDate, PARAGRAPH_DATE_FORMAT } from './dates';
import {
  isRunningStatus, PARAGRAPH_CONFIG_DEFAULTS, type NoteConfig, type Paragraph, type ParagraphConfig, type ParagraphStatus,
  type Permissions,
} from '../../protocol';

/** A paragraph's font size when its config has none, as in Zeppelin. */
export const FONT_SIZE_DEFAULT = 9;
export const FONT_SIZE_MIN = 9;
export const FONT_SIZE_MAX = 20;
export const COL_WIDTH_MIN = 1;
export const COL_WIDTH_MAX = 12;
export const DEFAULT_RESULT_HEIGHT = 300;
/** A dragged result height under this becomes the default again (spec). */
export const MIN_RESULT_HEIGHT = 50;
export const AUTOSAVE_MS = 10_000;
export const COMPLETION_CAPTION_LIMIT = 42;
/** How long a completion request waits for COMPLETION_LIST before the popup shows nothing. */
export const COMPLETION_WAIT_MS = 3000;
export const FIND_BOX_WIDTH = 350;
export const USER_SEARCH_MIN_CHARS = 3;
export const USER_SEARCH_DELAY_MS = 250;
/** Results larger than this are not drawn until asked: their size is shown with Render and Download. */
export const LARGE_RESULT_BYTES = 1_000_000;

export const LAST_PARAGRAPH_MESSAGE = "All the paragraphs can't be deleted.";
export const OWNERS_EMPTY_MESSAGE = 'Please fill the [Owners] field. If not, it will set as current user.';
export const NO_PERMISSION_MESSAGE = 'Only authenticated user can set the permission.';
export const UNLOAD_MESSAGE = 'Do you want to reload this site?';
export const RESTART_ERROR_TITLE = 'Error restart interpreter.';

export type EffectiveConfig = ParagraphConfig & { colWidth: number; fontSize: number; enabled: boolean };

export function effectiveConfig(config: ParagraphConfig | undefined): EffectiveConfig {
  const c = { ...PARAGRAPH_CONFIG_DEFAULTS, ...config };
  return { ...c, colWidth: colWidthOf(config), fontSize: clamp(Number(c.fontSize) || FONT_SIZE_DEFAULT, FONT_SIZE_MIN, FONT_SIZE_MAX), enabled: c.enabled !== false };
}

export const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, Math.round(v)));

/**
 * A paragraph's column width, as effectiveConfig gives it, without building the whole config: the note's grid rows
 * read it for every paragraph, again after each change to any paragraph.
 */
export function colWidthOf(config: ParagraphConfig | undefined): number {
  const w = config && 'colWidth' in config ? config.colWidth : PARAGRAPH_CONFIG_DEFAULTS.colWidth;
  return clamp(Number(w) || 12, COL_WIDTH_MIN, COL_WIDTH_MAX);
}

/**
 * Paragraphs in the rows the 12-column grid puts them in (CSS grid auto-placement): each goes beside the ones before
 * while their widths fit, else starts a new row. The note page draws only the rows near the viewport.
 */
export function gridRows<T>(items: readonly T[], widthOf: (item: T) => number): T[][] {
  const rows: T[][] = [];
  let used = COL_WIDTH_MAX;
  for (const item of items) {
    const width = widthOf(item);
    if (used + width > COL_WIDTH_MAX) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1].push(item);
    used += width;
  }
  return rows;
}

/** The leading `%word` of a paragraph (spec: "the spell magic is the leading percent word"). */
export function magicOf(text: string | undefined): string | null {
  const m = /^\s*%([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)/.exec(text ?? '');
  return m ? m[1] : null;
}

const LANGUAGE_BY_MAGIC: Record<string, string> = {
  md: 'markdown', markdown: 'markdown', python: 'python', pyspark: 'python', ipython: 'python', sql: 'sql', jdbc: 'sql',
  sh: 'shell', shell: 'shell', spark: 'scala', scala: 'scala', r: 'r', ir: 'r', js: 'javascript', angular: 'html', html: 'html',
};

/** A guess used until the server's EDITOR_SETTING arrives: the last magic segment, then the first. */
export function languageFromMagic(magic: string | null): string | null {
  if (!magic) return null;
  const parts = magic.toLowerCase().split('.');
  return LANGUAGE_BY_MAGIC[parts[parts.length - 1]] ?? LANGUAGE_BY_MAGIC[parts[0]] ?? null;
}

export const isRunning = (s: ParagraphStatus | undefined): boolean => isRunningStatus(s);

/** READY an empty circle, RUNNING a spinner, the others a filled circle. */
export function statusIcon(s: ParagraphStatus | undefined): 'circle-empty' | 'spinner' | 'circle' {
  if (s === 'RUNNING') return 'spinner';
  if (!s || s === 'READY') return 'circle-empty';
  return 'circle';
}

/** "Took 2 seconds. Last updated by anonymous at August 22nd 2026, 5:07:12 pm." */
export function footerText(p: Pick<Paragraph, 'dateStarted' | 'dateFinished' | 'user' | 'status'>): string | null {
  const started = parseServerDate(p.dateStarted);
  const finished = parseServerDate(p.dateFinished);
  if (!finished || isRunningStatus(p.status)) return null;
  const user = p.user && p.user.trim() ? p.user : 'anonymous';
  const at = formatDate(finished, PARAGRAPH_DATE_FORMAT);
  if (!started || finished.getTime() < started.getTime()) return `Last updated by ${user} at ${at}.`;
  const took = formatDistanceStrict(finished, started, { roundingMethod: 'ceil' });
  return `Took ${took}. Last updated by ${user} at ${at}.`;
}

export interface Principal {
  name: string | null;
  roles: string[];
}

const holds = (list: string[] | undefined, who: Principal): boolean =>
  !list || list.length === 0 || (!!who.name && list.includes(who.name)) || who.roles.some((r) => list.includes(r));

export function isOwner(perms: Permissions | null, who: Principal): boolean {
  return !perms || holds(perms.owners, who);
}
export function isWriter(perms: Permissions | null, who: Principal): boolean {
  return !perms || isOwner(perms, who) || holds(perms.writers, who);
}

/** Spec: report look and feel, or a user who is neither owner nor writer, makes the note view-only. */
export function isViewOnly(config: NoteConfig | undefined, perms: Permissions | null, who: Principal): boolean {
  return config?.looknfeel === 'report' || !(isOwner(perms, who) || isWriter(perms, who));
}

/** Permission list text → list: commas and spaces both separate names (spec). */
export const splitNames = (text: string): string[] => text.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);

/** Number widget input keeps only digits, dot and minus (spec). */
export const keepNumeric = (s: string): string => s.replace(/[^0-9.-]/g, '');

export const formatBytes = (n: number): string =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${(n / 1000).toFixed(1)} KB` : `${n} bytes`;

/** Every match of `term` in `text` (plain text, case-insensitive), as [start, end) offsets. */
export function findMatches(text: string, term: string): [number, number][] {
  if (!term) return [];
  const out: [number, number][] = [];
  const hay = text.toLowerCase();
  const needle = term.toLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) out.push([at, at + needle.length]);
  return out;
}
