/**
 * The cron panel's view of GET /api/notebook/cron/{id}: the schedule, and from our server also the next firing
 * and the run history (a Zeppelin server answers only `cron` and `releaseResource`; the panel then shows neither).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type CronOutcome = 'SUCCESS' | 'ERROR' | 'ABORT' | 'SKIPPED' | 'FAILED';

export interface CronRunView {
  startedAt: number;
  durationMs: number;
  outcome: CronOutcome | string;
  user?: string;
  paragraphId?: string;
  paragraphTitle?: string;
  message?: string;
}

export interface CronInfo {
  cron?: string;
  releaseResource?: boolean;
  nextFireTime?: number;
  history?: CronRunView[];
}

export interface CronState {
  noteId: string | null;
  info: CronInfo | null;
  /** The server's refusal (cron off, folder not allowed, no permission), shown instead of the history. */
  error: string | null;
}

const initialState: CronState = { noteId: null, info: null, error: null };

export const cronSlice = createSlice({
  name: 'cron',
  initialState,
  reducers: {
    refreshRequested(_state, _a: PayloadAction<{ noteId: string }>) {},
    loaded(state, a: PayloadAction<{ noteId: string; info: CronInfo }>) {
      state.noteId = a.payload.noteId;
      state.info = a.payload.info;
      state.error = null;
    },
    failed(state, a: PayloadAction<{ noteId: string; message: string }>) {
      state.noteId = a.payload.noteId;
      state.info = null;
      state.error = a.payload.message;
    },
  },
});

export const cron = cronSlice.actions;
