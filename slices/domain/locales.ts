/**
 * Date languages offered by the UI switch. Each date-fns locale brings its month and weekday names, localized
 * formats, relative-time phrases and week-start rule, so nothing here re-states them.
 */
import { format, formatDistance, type Locale } from 'date-fns';
import { de, enGB, enUS, es, fr, ja, ko, ptBR, ru, zhCN } from 'date-fns/locale';
import { parseServerDate } from './dates';

export interface DateLanguage {
  tag: string;
  /** The language's own name, as a menu shows it to its speakers. */
  label: string;
  locale: Locale;
}

export const DATE_LANGUAGES: readonly DateLanguage[] = [
  { tag: 'en-US', label: 'English (US)', locale: enUS },
  { tag: 'en-GB', label: 'English (UK)', locale: enGB },
  { tag: 'de', label: 'Deutsch', locale: de },
  { tag: 'es', label: 'Español', locale: es },
  { tag: 'fr', label: 'Français', locale: fr },
  { tag: 'pt-BR', label: 'Português (Brasil)', locale: ptBR },
  { tag: 'ru', label: 'Русский', locale: ru },
  { tag: 'ja', label: '日本語', locale: ja },
  { tag: 'ko', label: '한국어', locale: ko },
  { tag: 'zh-CN', label: '中文 (简体)', locale: zhCN },
];

const byTag = new Map(DATE_LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

/** The offered language closest to a browser tag: exact, then same language, then English (US). */
export function resolveLanguageTag(tag: string | undefined | null): string {
  const t = (tag ?? '').toLowerCase();
  const exact = byTag.get(t);
  if (exact) return exact.tag;
  const lang = t.split('-')[0];
  const same = DATE_LANGUAGES.find((l) => l.tag.toLowerCase().split('-')[0] === lang);
  return same ? same.tag : 'en-US';
}

export const dateLocale = (tag: string): Locale => (byTag.get(resolveLanguageTag(tag).toLowerCase()) ?? DATE_LANGUAGES[0]).locale;

/** "3 minutes ago" / "vor 3 Minuten"; '' for an unreadable date. */
export function formatRelative(date: Date | number | string, now: number, locale: Locale): string {
  const d = parseServerDate(date);
  return d ? formatDistance(d, now, { addSuffix: true, locale }) : '';
}

/** The language's own long date-and-time format (e.g. "April 29th, 2026 at 3:04 PM" / "29. April 2026 um 15:04"). */
export function formatLongDateTime(date: Date | number | string, locale: Locale): string {
  const d = parseServerDate(date);
  return d ? format(d, 'PPPp', { locale }) : '';
}

/** Abbreviated weekday names, starting on the language's first day of the week. */
export function weekdayNames(locale: Locale): string[] {
  const start = locale.options?.weekStartsOn ?? 0;
  return Array.from({ length: 7 }, (_, i) => locale.localize.day(((start + i) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6, { width: 'abbreviated' }));
}

export const monthNames = (locale: Locale): string[] =>
  Array.from({ length: 12 }, (_, i) => locale.localize.month(i as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11, { width: 'wide' }));
