/** The notebook-repositories page (`#/notebookRepos`): each storage back end with its settings, edited inline. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadCases, type LoadStatus } from './adminAccess';

export interface RepoSetting {
  type: 'INPUT' | 'DROPDOWN';
  value: { name: string; value: string }[];
  selected: string;
  name: string;
}

export interface NotebookRepo {
  name: string;
  className: string;
  settings: RepoSetting[];
  activePath?: string;
  /** Our server: whether this back end serves notes now (a newly chosen one takes over at the next start). */
  active?: boolean;
  /** Our server, on the back end in use: note files it skipped at the last load, relative to the notebook folder. */
  unreadableNotes?: { file: string; reason: string }[];
}

export interface AdminNotebookReposState {
  status: LoadStatus;
  repos: NotebookRepo[];
  /** Class name of the repo in edit mode. */
  editing: string | null;
  saving: boolean;
}

const initialState: AdminNotebookReposState = { status: 'idle', repos: [], editing: null, saving: false };

export const REPO_SAVE_FAILED = "We couldn't save that NotebookRepo's settings";
/** Spec section 9: notebook-repository messages stay 3000 ms. */
export const REPO_TOAST_MS = 3000;

const load = loadCases<AdminNotebookReposState, NotebookRepo[]>('status', (state, repos) => {
  state.repos = repos;
});

export const adminNotebookReposSlice = createSlice({
  name: 'adminNotebookRepos',
  initialState,
  reducers: {
    loadRequested: load.requested,
    loaded: load.loaded,
    loadFailed: load.failed,
    editStarted(state, action: PayloadAction<string>) {
      state.editing = action.payload;
    },
    editCancelled(state) {
      state.editing = null;
    },
    saveSubmitted(state, _action: PayloadAction<{ className: string; settings: Record<string, string> }>) {
      state.saving = true;
    },
    saved(state, action: PayloadAction<NotebookRepo>) {
      state.saving = false;
      state.editing = null;
      state.repos = state.repos.map((r) => (r.className === action.payload.className ? action.payload : r));
    },
    saveFailed(state) {
      state.saving = false;
    },
  },
  selectors: {
    selectNotebookRepos: (s) => s,
  },
});

export const adminNotebookRepos = adminNotebookReposSlice.actions;
export const { selectNotebookRepos } = adminNotebookReposSlice.selectors;
