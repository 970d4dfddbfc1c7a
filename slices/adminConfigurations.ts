/** The read-only configurations page (`#/configuration`): the server's settings, sorted by name. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadStatus } from './adminAccess';

export interface AdminConfigurationsState {
  status: LoadStatus;
  entries: [string, string][];
}

const initialState: AdminConfigurationsState = { status: 'idle', entries: [] };

export const adminConfigurationsSlice = createSlice({
  name: 'adminConfigurations',
  initialState,
  reducers: {
    loadRequested(state) {
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<Record<string, string>>) {
      state.status = 'loaded';
      state.entries = Object.entries(action.payload).sort(([a], [b]) => a.localeCompare(b));
    },
    loadFailed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectConfigurations: (s) => s,
  },
});

export const adminConfigurations = adminConfigurationsSlice.actions;
export const { selectConfigurations } = adminConfigurationsSlice.selectors;
