/**
 * The "Result history" dialog of a paragraph (docs/protocol.md 3.11, our server's extension): the kept runs, the
 * one or two the user picked, and the picked runs' results as the server sent them.
 *
 * Notes:
 * - `max` comes from `GET /api/configurations/client`; a Zeppelin server does not send it, so it stays 0 and the
 *   paragraph offers no "Result history" (proxy mode keeps working as before).
 * - At most two runs are picked: picking a third lets go of the earliest pick, so "compare" always has two sides.
 * - Answers for a paragraph other than the open one (the user moved on) are ignored.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HistoryRun, HistoryRunSummary } from '../protocol';
import { route } from './route';
import { serverInfo } from './server';

export interface HistoryTarget {
  noteId: string;
  paragraphId: string;
}

export interface ResultHistoryState {
  /** Runs the server keeps per paragraph; 0 when it keeps none or does not know the feature. */
  max: number;
  open: HistoryTarget | null;
  runs: HistoryRunSummary[] | null;
  error: string | null;
  /** Picked run ids, in the order picked (at most two). */
  picked: string[];
  details: Record<string, HistoryRun>;
  detailErrors: Record<string, string>;
}

const initialState: ResultHistoryState = { max: 0, open: null, runs: null, error: null, picked: [], details: {}, detailErrors: {} };

const isOpen = (s: ResultHistoryState, t: HistoryTarget): boolean =>
  s.open !== null && s.open.noteId === t.noteId && s.open.paragraphId === t.paragraphId;

export const MAX_PICKED = 2;

export const resultHistorySlice = createSlice({
  name: 'resultHistory',
  initialState,
  reducers: {
    opened(state, a: PayloadAction<HistoryTarget>) {
      Object.assign(state, { ...initialState, max: state.max, open: a.payload });
    },
    closed(state) {
      Object.assign(state, { ...initialState, max: state.max });
    },
    /** Asks for the list again (a run of the open paragraph ended while the dialog was open). */
    refreshRequested(_state, _a: PayloadAction<HistoryTarget>) {},
    listLoaded(state, a: PayloadAction<HistoryTarget & { runs: HistoryRunSummary[] }>) {
      if (!isOpen(state, a.payload)) return;
      state.runs = a.payload.runs;
      state.error = null;
      const known = new Set(a.payload.runs.map((r) => r.id));
      state.picked = state.picked.filter((id) => known.has(id));
    },
    listFailed(state, a: PayloadAction<HistoryTarget & { message: string }>) {
      if (!isOpen(state, a.payload)) return;
      state.runs = null;
      state.error = a.payload.message;
    },
    runToggled(state, a: PayloadAction<{ runId: string }>) {
      const { runId } = a.payload;
      if (state.picked.includes(runId)) state.picked = state.picked.filter((id) => id !== runId);
      else state.picked = [...state.picked, runId].slice(-MAX_PICKED);
    },
    runLoaded(state, a: PayloadAction<HistoryTarget & { run: HistoryRun }>) {
      if (!isOpen(state, a.payload)) return;
      state.details[a.payload.run.id] = a.payload.run;
      delete state.detailErrors[a.payload.run.id];
    },
    runFailed(state, a: PayloadAction<HistoryTarget & { runId: string; message: string }>) {
      if (!isOpen(state, a.payload)) return;
      state.detailErrors[a.payload.runId] = a.payload.message;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(serverInfo.clientConfigReceived, (state, a) => {
        const max = a.payload.resultHistoryMax;
        state.max = typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : 0;
      })
      // Leaving the note closes the dialog.
      .addCase(route.changed, (state) => {
        Object.assign(state, { ...initialState, max: state.max });
      }),
  selectors: {
    selectResultHistoryAvailable: (s) => s.max > 0,
    selectResultHistory: (s) => s,
  },
});

export const resultHistory = resultHistorySlice.actions;
export const { selectResultHistoryAvailable, selectResultHistory } = resultHistorySlice.selectors;
