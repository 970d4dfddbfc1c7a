/** The read-only configurations page (`#/configuration`): the server's settings, sorted by name. */
import { createSlice } from '@reduxjs/toolkit';
import { loadCases, type LoadStatus } from './adminAccess';

export interface AdminConfigurationsState {
  status: LoadStatus;
  entries: [string, string][];
}

const initialState: AdminConfigurationsState = { status: 'idle', entries: [] };

const load = loadCases<AdminConfigurationsState, Record<string, string>>('status', (state, entries) => {
  state.entries = Object.entries(entries).sort(([a], [b]) => a.localeCompare(b));
});

export const adminConfigurationsSlice = createSlice({
  name: 'adminConfigurations',
  initialState,
  reducers: {
    loadRequested: load.requested,
    loaded: load.loaded,
    loadFailed: load.failed,
  },
  selectors: {
    selectConfigurations: (s) => s,
  },
});

export const adminConfigurations = adminConfigurationsSlice.actions;
export const { selectConfigurations } = adminConfigurationsSlice.selectors;
