/**
 * Which paragraphs of the last run-all never ran. The server stops a run-all at the first ERROR or ABORT (as
 * Zeppelin does) and leaves the paragraphs after it as they were, old FINISHED results included, so without this
 * the page would show them as if they had run.
 *
 * Notes:
 * - A paragraph counts as reached once the server reports it PENDING, RUNNING, ERROR or ABORT during the run; the
 *   server re-sends every paragraph after NOTE_RUNNING_STATUS false, so those frames no longer count.
 * - Running a paragraph again, or a new run-all, clears its mark.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { ParagraphId } from '../protocol';
import { parseRunAll } from './paragraphs';
import { wsIn, wsOut } from './wsActions';

export interface RunAllState {
  /** The paragraphs of the run-all in progress, in order, and those the server has reached. */
  active: { ids: ParagraphId[]; reached: ParagraphId[] } | null;
  /** After a run-all that stopped early: the paragraphs it did not run. */
  notRun: ParagraphId[];
}

const initialState: RunAllState = { active: null, notRun: [] };
const REACHED = new Set(['PENDING', 'RUNNING', 'ERROR', 'ABORT']);

export const runAllSlice = createSlice({
  name: 'runAll',
  initialState,
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsOut.RUN_ALL_PARAGRAPHS, (state, a) => {
        const ids = parseRunAll(a.payload.paragraphs).map((e) => e.id);
        state.active = { ids, reached: [] };
        state.notRun = state.notRun.filter((id) => !ids.includes(id));
      })
      .addCase(wsIn.PARAGRAPH, (state, a) => {
        const { id, status } = a.payload.paragraph;
        if (!status || !REACHED.has(status)) return;
        if (state.active?.ids.includes(id) && !state.active.reached.includes(id)) state.active.reached.push(id);
        if (status === 'RUNNING' || status === 'PENDING') state.notRun = state.notRun.filter((x) => x !== id);
      })
      .addCase(wsOut.RUN_PARAGRAPH, (state, a) => {
        state.notRun = state.notRun.filter((x) => x !== a.payload.id);
      })
      .addCase(wsIn.NOTE_RUNNING_STATUS, (state, a) => {
        if (a.payload.status || !state.active) return;
        const { ids, reached } = state.active;
        state.notRun = [...state.notRun, ...ids.filter((id) => !reached.includes(id))];
        state.active = null;
      })
      .addCase(wsOut.GET_NOTE, () => initialState),
  selectors: {
    selectNotRun: (s) => s.notRun,
  },
});

export const { selectNotRun } = runAllSlice.selectors;
