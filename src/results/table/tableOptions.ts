/**
 * The table options (filter, pagination, aggregation footer) with Zeppelin's names, their spec, and the grid
 * option validators.
 */
import type { OptionSpec } from '../advanced/transformation';

export interface TableOptionValue {
  useFilter: boolean;
  showPagination: boolean;
  showAggregationFooter: boolean;
}

export const TABLE_OPTION_SPECS: readonly OptionSpec[] = [
  { name: 'useFilter', valueType: 'boolean', defaultValue: false, widget: 'checkbox', description: 'Enable filter for columns' },
  { name: 'showPagination', valueType: 'boolean', defaultValue: false, widget: 'checkbox', description: 'Enable pagination for better navigation' },
  { name: 'showAggregationFooter', valueType: 'boolean', defaultValue: false, widget: 'checkbox', description: 'Enable a footer for displaying aggregated values' },
];

export function tableOptionValue(saved: Record<string, unknown> | undefined): TableOptionValue {
  return {
    useFilter: saved?.useFilter === true,
    showPagination: saved?.showPagination === true,
    showAggregationFooter: saved?.showAggregationFooter === true,
  };
}

export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const FILTER_DEBOUNCE_MS = 300;
export const TABLE_MIN_HEIGHT = 100;

export const VALIDATE_ERROR = 'validate.error';
export const VALIDATOR_MESSAGES = {
  minLength: 'Please enter at least THRESHOLD characters.',
  maxLength: 'Please enter no more than THRESHOLD characters.',
  required: 'This field is required.',
} as const;
export type ValidatorName = keyof typeof VALIDATOR_MESSAGES;

export interface ValidatorRule {
  name: string;
  threshold?: number;
}

/**
 * Checks a grid option value against its validators. Returns the messages that failed (empty when valid); an
 * empty value passes the length checks, so only `required` catches it. An unknown validator name throws, since
 * that is a mistake in the option spec, not in the user's input.
 */
export function validate(value: string | null | undefined, rules: readonly ValidatorRule[]): string[] {
  const v = value ?? '';
  const errors: string[] = [];
  for (const rule of rules) {
    if (!(rule.name in VALIDATOR_MESSAGES)) throw new Error(`Invalid validator name: ${rule.name}`);
    const message = VALIDATOR_MESSAGES[rule.name as ValidatorName].replace('THRESHOLD', String(rule.threshold ?? ''));
    if (rule.name === 'required' && v === '') errors.push(message);
    if (rule.name === 'minLength' && v !== '' && v.length < (rule.threshold ?? 0)) errors.push(message);
    if (rule.name === 'maxLength' && v !== '' && v.length > (rule.threshold ?? Infinity)) errors.push(message);
  }
  return errors;
}
