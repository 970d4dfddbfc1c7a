/**
 * Helium: whether the enabled plugin bundles have loaded (note routes wait for it), and the applications running
 * inside paragraphs, followed through the APP_* events.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from '../src/protocol/actions';
import type { HeliumPackage } from '../src/protocol';

export type BundleStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface HeliumApp {
  appId: string;
  paragraphId: string;
  noteId: string;
  status: string;
  pkg?: HeliumPackage;
  output: string;
}

export interface HeliumState {
  bundleStatus: BundleStatus;
  bundles: string[];
  bundleError: string | null;
  apps: Record<string, HeliumApp>;
}

const initialState: HeliumState = { bundleStatus: 'idle', bundles: [], bundleError: null, apps: {} };

function app(state: HeliumState, p: { appId: string; paragraphId: string; noteId: string }): HeliumApp {
  return (state.apps[p.appId] ??= { appId: p.appId, paragraphId: p.paragraphId, noteId: p.noteId, status: 'UNLOADED', output: '' });
}

export const heliumSlice = createSlice({
  name: 'helium',
  initialState,
  reducers: {
    bundlesLoading(state) {
      state.bundleStatus = 'loading';
    },
    bundlesLoaded(state, action: PayloadAction<string[]>) {
      state.bundleStatus = 'loaded';
      state.bundles = action.payload;
      state.bundleError = null;
    },
    /** A failed plugin load must not lock the user out of their notes: routes open without the plugins. */
    bundlesFailed(state, action: PayloadAction<string>) {
      state.bundleStatus = 'failed';
      state.bundleError = action.payload;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.APP_LOAD, (state, a) => {
        const x = app(state, a.payload);
        x.pkg = a.payload.pkg;
        x.status = 'UNLOADED';
      })
      .addCase(wsIn.APP_STATUS_CHANGE, (state, a) => {
        app(state, a.payload).status = a.payload.status;
      })
      .addCase(wsIn.APP_APPEND_OUTPUT, (state, a) => {
        app(state, a.payload).output += a.payload.data;
      })
      .addCase(wsIn.APP_UPDATE_OUTPUT, (state, a) => {
        app(state, a.payload).output = a.payload.data;
      }),
  selectors: {
    selectBundlesReady: (s) => s.bundleStatus === 'loaded' || s.bundleStatus === 'failed',
  },
});

export const helium = heliumSlice.actions;
export const { selectBundlesReady } = heliumSlice.selectors;
