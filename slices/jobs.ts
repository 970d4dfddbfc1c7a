/** The job manager's list, fed by LIST_NOTE_JOBS (full list) and LIST_UPDATE_NOTE_JOBS (changes and removals). */
import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';
import type { NoteJobInfo } from '../protocol';

export const jobsAdapter = createEntityAdapter<NoteJobInfo, string>({ selectId: (j) => j.noteId });

export const jobsSlice = createSlice({
  name: 'jobs',
  initialState: jobsAdapter.getInitialState({ lastResponseUnixTime: 0, disabledMessage: null as string | null }),
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsIn.LIST_NOTE_JOBS, (state, a) => {
        jobsAdapter.setAll(state, a.payload.noteJobs.jobs ?? []);
        state.lastResponseUnixTime = a.payload.noteJobs.lastResponseUnixTime;
        state.disabledMessage = null;
      })
      .addCase(wsIn.LIST_UPDATE_NOTE_JOBS, (state, a) => {
        for (const job of a.payload.noteRunningJobs.jobs ?? []) {
          if (job.isRemoved) jobsAdapter.removeOne(state, job.noteId);
          else jobsAdapter.upsertOne(state, job);
        }
        state.lastResponseUnixTime = a.payload.noteRunningJobs.lastResponseUnixTime;
      })
      .addCase(wsIn.JOB_MANAGER_DISABLED, (state, a) => {
        state.disabledMessage = a.payload.errorMessage ?? null;
      }),
});

export const jobsSelectors = jobsAdapter.getSelectors((s: { jobs: ReturnType<typeof jobsSlice.reducer> }) => s.jobs);
