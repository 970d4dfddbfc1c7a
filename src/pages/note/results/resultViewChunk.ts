/**
 * The result views' chunk (tables, charts and networks, with their libraries), loaded once for the note's result
 * blocks and the result history. The note page starts it when the browser is idle after the note is drawn, so that
 * the first table of a run does not wait for the chunk to be fetched and compiled while the run's frames arrive.
 */
import { lazy, useEffect } from 'react';
import { whenIdle } from '../../../app/whenIdle';

type ResultViewModule = typeof import('../../../results/ResultView');

let loading: Promise<ResultViewModule> | undefined;

export function loadResultViews(): Promise<ResultViewModule> {
  loading ??= import(/* webpackChunkName: "results" */ '../../../results/ResultView').catch((e: unknown) => {
    // A failed fetch (the server restarting) is tried again by the next view that needs the chunk.
    loading = undefined;
    throw e;
  });
  return loading;
}

export const LazyResultView = lazy(() => loadResultViews().then((m) => ({ default: m.ResultView })));

/**
 * Starts loading the chunk when the browser is next idle after the note is drawn (`open`): a note that shows no table
 * yet would otherwise fetch and compile it while its first run's frames arrive.
 */
export function useResultViewsWhenIdle(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    return whenIdle(() => void loadResultViews().catch(() => undefined), 2000);
  }, [open]);
}
