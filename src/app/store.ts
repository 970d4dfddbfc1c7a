/**
 * Store wiring: the root reducer, the action log (for support staff), the saga middleware and Redux DevTools.
 * DevTools stays on in production builds on purpose: support staff inspect live sessions there.
 */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootSaga } from '../../sagas/root';
import type { SagaDeps } from '../../sagas/deps';
import { createActionLog, type ActionLog } from './actionLog';
import type { ActionLogLimits } from '../../slices/ui';
import type { WorkBudget } from './workBudget';
import { actionSanitizer, DEVTOOLS_MAX_AGE, exportActionLog, stateSanitizer } from './devtools';
import { rootReducer, type RootState } from '../../slices/rootReducer';

export interface MakeStoreOptions {
  /** Without deps no saga runs (replay, component tests). */
  deps?: SagaDeps;
  preloadedState?: RootState;
  now?: () => number;
  actionLogLimits?: ActionLogLimits;
  /** Actions between two checkpoints of the action log (tests use small spans). */
  checkpointEvery?: number;
  /** RTK's development checks (serializability, immutability); off for benchmarks and production. */
  devChecks?: boolean;
  devTools?: boolean;
  /** Written into saved action logs (the browser's user agent). */
  app?: string;
  /**
   * Runs the action log's work per action later (the page's idle time), within the budget given to `work`; without
   * it, inside each dispatch.
   */
  deferLogWork?: (work: (budget?: WorkBudget) => void) => void;
  /** The current task's budget for log work a dispatch must do itself (the deferred queue is full). */
  logTaskBudget?: () => WorkBudget;
}

export function makeStore(opts: MakeStoreOptions = {}) {
  const log: ActionLog<RootState> = createActionLog<RootState>({
    now: opts.now, limits: opts.actionLogLimits, checkpointEvery: opts.checkpointEvery, defer: opts.deferLogWork, taskBudget: opts.logTaskBudget,
  });
  const saga = createSagaMiddleware({
    onError: (e) => console.error('saga failed', e),
  });
  // The checks warn when one pass takes over 32 ms, a figure a loaded test machine passes with small states, filling
  // the suite's output; they are there to catch a mutation or a value that cannot be serialised, not to time.
  const devChecks = opts.devChecks ? { warnAfter: 1000 } : false;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: opts.preloadedState,
    middleware: (gDM) => gDM({ thunk: false, serializableCheck: devChecks, immutableCheck: devChecks }).concat(log.middleware, saga),
    devTools: opts.devTools === false ? false : {
      name: 'Zeppelin notebook',
      maxAge: DEVTOOLS_MAX_AGE,
      actionSanitizer,
      stateSanitizer,
      // PING is never dispatched; the noisiest remaining ops are still worth seeing, so nothing is denied.
    },
  });
  let task: Task | null = null;
  if (opts.deps) {
    // Bound before the sagas start: the preferences saga applies saved limits at once.
    opts.deps.actionLog ??= {
      exportText: () => JSON.stringify(exportActionLog(log, new Date(opts.now?.() ?? Date.now()), opts.app)),
      stats: log.stats,
      setLimits: log.setLimits,
    };
    task = saga.run(rootSaga, opts.deps);
  }
  return { store, log, task };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
