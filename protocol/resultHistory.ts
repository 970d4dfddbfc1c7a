/**
 * Result history (docs/protocol.md 3.11, our extension): the runs of a paragraph our server keeps, as its REST
 * answers carry them. A Zeppelin server has neither the routes nor the `resultHistory` field of
 * `GET /api/configurations/client`, which is how the UI knows to hide the feature.
 */
import * as v from 'valibot';
import type { ParagraphResults, ParagraphStatus } from './model';

/** One kept run as the list shows it: no results, so the list stays small. */
export interface HistoryRunSummary {
  id: string;
  paragraphId: string;
  user: string;
  status: ParagraphStatus;
  dateStarted?: string;
  dateFinished?: string;
}

/** One kept run with what it produced. */
export interface HistoryRun extends HistoryRunSummary {
  results?: ParagraphResults;
}

const str = v.string('a string');
const opt = <S extends v.GenericSchema>(s: S) => v.pipe(v.nullish(s), v.transform((x) => x ?? undefined));
const isObject = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);

const summaryEntries = {
  id: str,
  paragraphId: str,
  user: str,
  status: v.custom<ParagraphStatus>((x) => typeof x === 'string', 'a string'),
  dateStarted: opt(str),
  dateFinished: opt(str),
};

const SUMMARY = v.looseObject(summaryEntries);
const RUN = v.looseObject({ ...summaryEntries, results: opt(v.custom<ParagraphResults>(isObject, 'an object')) });
const LIST = v.looseObject({ runs: v.array(SUMMARY, 'an array') });

const problem = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const first = issues[0];
  const path = first.path?.map((p) => String(p.key)).join('.') ?? 'body';
  return `${path} must be ${first.message}`;
};

/** The body of `GET .../history`, or a message naming the first field that is wrong. */
export function parseHistoryList(body: unknown): { runs: HistoryRunSummary[] } | { error: string } {
  const r = v.safeParse(LIST, body);
  return r.success ? { runs: r.output.runs } : { error: problem(r.issues) };
}

/** The body of `GET .../history/{runId}`, or a message naming the first field that is wrong. */
export function parseHistoryRun(body: unknown): { run: HistoryRun } | { error: string } {
  const r = v.safeParse(RUN, body);
  return r.success ? { run: r.output } : { error: problem(r.issues) };
}
