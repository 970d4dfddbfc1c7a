/** The scheduler panel's cron choices (PROTOCOL 5.9): its labels with their Quartz expressions. */
export interface CronPreset {
  label: string;
  cron: string;
}

/** Any other Quartz expression may be typed in; `''` (None) turns the schedule off. */
export const CRON_PRESETS: readonly CronPreset[] = [
  { label: 'None', cron: '' },
  { label: '1m', cron: '0 0/1 * * * ?' },
  { label: '5m', cron: '0 0/5 * * * ?' },
  { label: '1h', cron: '0 0 0/1 * * ?' },
  { label: '3h', cron: '0 0 0/3 * * ?' },
  { label: '6h', cron: '0 0 0/6 * * ?' },
  { label: '12h', cron: '0 0 0/12 * * ?' },
  { label: '1d', cron: '0 0 0 * * ?' },
];
