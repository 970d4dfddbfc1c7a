/**
 * Helium: whether the enabled plugin bundles have loaded (note routes wait for it), the enabled packages with their
 * configuration, the applications running inside paragraphs (by appId, followed through the APP_* events) and the
 * applications a paragraph is offered.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';
import type { HeliumPackage, ParagraphId } from '../protocol';

export type BundleStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface HeliumApp {
  appId: string;
  paragraphId: string;
  noteId: string;
  status: string;
  pkg?: HeliumPackage;
  output: string;
  /** The result type of the output (APP_UPDATE_OUTPUT's `type`); apps answer HTML unless they say otherwise. */
  outputType: string;
}

/** An enabled package as the note page uses it: its kind, spell magic and effective configuration. */
export interface EnabledPackage {
  name: string;
  type: HeliumPackage['type'];
  artifact: string;
  magic?: string;
  config: Record<string, unknown>;
}

export interface AppSuggestions {
  status: 'loading' | 'loaded' | 'failed';
  available: HeliumPackage[];
  error?: string;
}

export interface HeliumState {
  bundleStatus: BundleStatus;
  bundles: string[];
  bundleError: string | null;
  /** Enabled packages in the Helium page's order (visualisations as ordered there). */
  packages: EnabledPackage[];
  apps: Record<string, HeliumApp>;
  suggestions: Record<ParagraphId, AppSuggestions>;
}

const initialState: HeliumState = { bundleStatus: 'idle', bundles: [], bundleError: null, packages: [], apps: {}, suggestions: {} };

function app(state: HeliumState, p: { appId: string; paragraphId: string; noteId: string }): HeliumApp {
  return (state.apps[p.appId] ??= { appId: p.appId, paragraphId: p.paragraphId, noteId: p.noteId, status: 'UNLOADED', output: '', outputType: 'HTML' });
}

/** A spell run's outcome as the browser computed it (reduced by the paragraphs slice). */
export interface SpellOutcome {
  id: ParagraphId;
  text: string;
  status: 'FINISHED' | 'ERROR';
  results: { code: 'SUCCESS' | 'ERROR'; msg: { type: string; data: string }[] };
  errorMessage?: string;
  dateStarted: string;
  dateFinished: string;
}

export type RunAllWithSpellsOutcome = 'finished' | 'failed' | 'stopped' | 'left' | 'disconnected';

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
    packagesLoaded(state, action: PayloadAction<EnabledPackage[]>) {
      state.packages = action.payload;
    },
    suggestRequested(state, a: PayloadAction<{ paragraphId: ParagraphId }>) {
      state.suggestions[a.payload.paragraphId] = { status: 'loading', available: state.suggestions[a.payload.paragraphId]?.available ?? [] };
    },
    suggestLoaded(state, a: PayloadAction<{ paragraphId: ParagraphId; available: HeliumPackage[] }>) {
      state.suggestions[a.payload.paragraphId] = { status: 'loaded', available: a.payload.available };
    },
    suggestFailed(state, a: PayloadAction<{ paragraphId: ParagraphId; error: string }>) {
      state.suggestions[a.payload.paragraphId] = { status: 'failed', available: [], error: a.payload.error };
    },
    suggestClosed(state, a: PayloadAction<{ paragraphId: ParagraphId }>) {
      delete state.suggestions[a.payload.paragraphId];
    },
    appLoadRequested(state, a: PayloadAction<{ paragraphId: ParagraphId; pkg: HeliumPackage }>) {
      delete state.suggestions[a.payload.paragraphId];
    },
    /** `appId` null shows the paragraph's own result again. */
    appSelected(_state, _a: PayloadAction<{ paragraphId: ParagraphId; appId: string | null }>) {},
    spellRunRequested(_state, _a: PayloadAction<{ id: ParagraphId }>) {},
    spellRunStarted(_state, _a: PayloadAction<{ id: ParagraphId; dateStarted: string }>) {},
    spellRunFinished(_state, _a: PayloadAction<SpellOutcome>) {},
    /** Run all / above / below with an enabled spell among the paragraphs: the browser drives the run (heliumRuntime). */
    runAllWithSpellsRequested(_state, _a: PayloadAction<{ noteId: string; ids: ParagraphId[] }>) {},
    /** How that run ended, for the action log: every step done, a step failed, or it was interrupted. */
    runAllWithSpellsEnded(_state, _a: PayloadAction<{ noteId: string; outcome: RunAllWithSpellsOutcome }>) {},
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.NOTE, (state, a) => {
        // Apps saved with the note (paragraph.apps) show again after a reload, with their last output.
        const note = a.payload.note;
        if (!note) return;
        state.apps = {};
        // A NOTE for the open note (a resync, another user's change) keeps an open menu of a paragraph still there.
        const present = new Set((note.paragraphs ?? []).map((p) => p.id));
        for (const id of Object.keys(state.suggestions)) if (!present.has(id)) delete state.suggestions[id];
        for (const p of note.paragraphs ?? []) {
          for (const s of p.apps ?? []) {
            state.apps[s.id] = { appId: s.id, paragraphId: p.id, noteId: note.id, status: s.status, pkg: s.pkg, output: s.output ?? '', outputType: 'HTML' };
          }
        }
      })
      .addCase(wsIn.APP_LOAD, (state, a) => {
        const x = app(state, a.payload);
        x.pkg = a.payload.pkg;
        x.status = 'UNLOADED';
        x.output = '';
      })
      .addCase(wsIn.APP_STATUS_CHANGE, (state, a) => {
        app(state, a.payload).status = a.payload.status;
      })
      .addCase(wsIn.APP_APPEND_OUTPUT, (state, a) => {
        app(state, a.payload).output += a.payload.data;
      })
      .addCase(wsIn.APP_UPDATE_OUTPUT, (state, a) => {
        const x = app(state, a.payload);
        x.output = a.payload.data;
        if (a.payload.type) x.outputType = a.payload.type;
      }),
  selectors: {
    selectBundlesReady: (s) => s.bundleStatus === 'loaded' || s.bundleStatus === 'failed',
    selectHeliumPackages: (s) => s.packages,
    selectHeliumApps: (s) => s.apps,
  },
});

export const helium = heliumSlice.actions;
export const { selectBundlesReady, selectHeliumPackages, selectHeliumApps } = heliumSlice.selectors;
