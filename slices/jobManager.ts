/**
 * The job manager page's view settings: interpreter and note-name filters, sort order and page. The jobs
 * themselves are in the jobs slice (fed by LIST_NOTE_JOBS / LIST_UPDATE_NOTE_JOBS).
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoteJobInfo, ParagraphStatus } from '../protocol';
import { jobsSelectors, type jobsSlice } from './jobs';
import { isTrashPath } from './domain/noteTree';

export type JobSort = 'recent' | 'oldest';

/** The labels Zeppelin users know for the two orders. */
export const JOB_SORT_LABELS: Record<JobSort, string> = { recent: 'Recently Update', oldest: 'Oldest Updated' };

/** Spec: 10 jobs per page, at most 5 page links. */
export const JOBS_PER_PAGE = 10;
export const MAX_PAGE_LINKS = 5;

/** Value of the interpreter filter meaning "any interpreter". */
export const ALL_INTERPRETERS = '*';

export interface JobManagerState {
  interpreter: string;
  noteName: string;
  sort: JobSort;
  /** 1-based. */
  page: number;
}

const initialState: JobManagerState = { interpreter: ALL_INTERPRETERS, noteName: '', sort: 'recent', page: 1 };

export const jobManagerSlice = createSlice({
  name: 'jobManager',
  initialState,
  reducers: {
    interpreterFiltered(state, action: PayloadAction<string>) {
      state.interpreter = action.payload;
      state.page = 1;
    },
    noteNameFiltered(state, action: PayloadAction<string>) {
      state.noteName = action.payload;
      state.page = 1;
    },
    sorted(state, action: PayloadAction<JobSort>) {
      state.sort = action.payload;
    },
    pageChosen(state, action: PayloadAction<number>) {
      state.page = Math.max(1, Math.trunc(action.payload));
    },
    /** "Run all" confirmed; the saga calls POST /api/notebook/job/{noteId}. */
    runRequested(_state, _action: PayloadAction<{ noteId: string }>) {},
    /** "Stop all" confirmed; the saga calls DELETE /api/notebook/job/{noteId}. */
    stopRequested(_state, _action: PayloadAction<{ noteId: string }>) {},
  },
});

export const jobManager = jobManagerSlice.actions;

type JobsRoot = { jobs: ReturnType<typeof jobsSlice.reducer>; jobManager: JobManagerState };

/** Job state as Zeppelin shows it: a note job is RUNNING or READY. */
export const jobState = (j: NoteJobInfo): 'RUNNING' | 'READY' => (j.isRunningJob ? 'RUNNING' : 'READY');

/** Share of paragraphs running or finished, in percent, rounded up. */
export function jobProgress(j: NoteJobInfo): number {
  const ps = j.paragraphs ?? [];
  if (ps.length === 0) return 0;
  const done = ps.filter((p) => p.status === 'RUNNING' || p.status === 'FINISHED').length;
  return Math.ceil((done / ps.length) * 100);
}

/** Icon kind by note type: doc for normal, clock for cron, question mark otherwise. */
export const jobIcon = (j: NoteJobInfo): 'doc' | 'clock' | 'unknown' =>
  j.noteType === 'normal' ? 'doc' : j.noteType === 'cron' ? 'clock' : 'unknown';

/** Spec status colours: READY and FINISHED green, ABORT orange, ERROR red, PENDING gray, RUNNING blue. */
export const STATUS_COLOURS: Record<ParagraphStatus, string> = {
  READY: 'green', FINISHED: 'green', ABORT: 'orange', ERROR: 'red', PENDING: 'gray', RUNNING: 'blue', UNKNOWN: 'gray',
};

export const selectJobManager = (s: JobsRoot): JobManagerState => s.jobManager;
export const selectAllJobs = (s: JobsRoot): NoteJobInfo[] => jobsSelectors.selectAll(s);

/** Interpreters seen in the jobs, for the filter menu. */
export const selectJobInterpreters = createSelector([selectAllJobs], (jobs) =>
  [...new Set(jobs.map((j) => j.interpreter).filter((i): i is string => !!i))].sort());

/** Page links around the current page, at most MAX_PAGE_LINKS of them. */
export function pageLinks(page: number, pageCount: number): number[] {
  const count = Math.min(MAX_PAGE_LINKS, pageCount);
  const first = Math.max(1, Math.min(page - Math.floor(MAX_PAGE_LINKS / 2), pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

export interface JobView {
  jobs: NoteJobInfo[];
  total: number;
  page: number;
  pageCount: number;
  links: number[];
}

export const selectJobView = createSelector([selectAllJobs, selectJobManager], (all, v): JobView => {
  const needle = v.noteName.trim().toLowerCase();
  // Notes in the trash are left out, as the home page's list does.
  const matching = all.filter((j) =>
    !j.isRemoved
    && !isTrashPath(j.noteName ?? '')
    && (v.interpreter === ALL_INTERPRETERS || j.interpreter === v.interpreter)
    && (!needle || (j.noteName ?? j.noteId).toLowerCase().includes(needle)));
  const dir = v.sort === 'recent' ? -1 : 1;
  matching.sort((a, b) => dir * ((a.unixTimeLastRun ?? 0) - (b.unixTimeLastRun ?? 0)));
  const pageCount = Math.max(1, Math.ceil(matching.length / JOBS_PER_PAGE));
  // A job removed by another user can shrink the list under the current page: show the last page instead.
  const page = Math.min(v.page, pageCount);
  return {
    jobs: matching.slice((page - 1) * JOBS_PER_PAGE, page * JOBS_PER_PAGE),
    total: matching.length,
    page,
    pageCount,
    links: pageLinks(page, pageCount),
  };
});
