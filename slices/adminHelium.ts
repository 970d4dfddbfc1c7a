/**
 * The Helium page (`#/helium`): packages by type (VISUALIZATION first), 10 per page with at most 5 page links,
 * newest published first, each with its versions, enable/disable behind a confirmation, a config panel
 * (closed → opening → open) and the reorderable list of enabled visualisation bundles.
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HeliumPackage } from '../protocol';
import { loadCases, type LoadStatus } from './adminAccess';

export type PackageType = 'VISUALIZATION' | 'SPELL' | 'INTERPRETER' | 'APPLICATION';
export const PACKAGE_TYPES: readonly PackageType[] = ['VISUALIZATION', 'SPELL', 'INTERPRETER', 'APPLICATION'];
export const PAGE_SIZE = 10;
export const MAX_PAGE_LINKS = 5;

export interface HeliumResult {
  registry?: string;
  pkg: HeliumPackage;
  enabled: boolean;
}

export interface ConfField {
  type?: string;
  description?: string;
  defaultValue?: unknown;
}

export interface ConfigPanel {
  state: 'opening' | 'open';
  artifact: string;
  spec: Record<string, ConfField>;
  persisted: Record<string, unknown>;
}

export interface Confirm {
  action: 'enable' | 'disable';
  name: string;
  artifact: string;
}

export interface AdminHeliumState {
  status: LoadStatus;
  packages: Record<string, HeliumResult[]>;
  typeFilter: PackageType;
  page: number;
  versionsOpen: Record<string, boolean>;
  confirm: Confirm | null;
  busy: string | null;
  error: { title: string; message: string } | null;
  configs: Record<string, ConfigPanel>;
  order: string[];
  orderChanged: boolean;
  loadedBundles: string[];
  /** Why a package's bundle could not be built or run (enable or bundle load), shown next to it. */
  bundleErrors: Record<string, string>;
}

const initialState: AdminHeliumState = {
  status: 'idle', packages: {}, typeFilter: 'VISUALIZATION', page: 1, versionsOpen: {}, confirm: null, busy: null, error: null,
  configs: {}, order: [], orderChanged: false, loadedBundles: [], bundleErrors: {},
};

export const heliumErrorTitle = (action: 'enable' | 'disable', name: string): string =>
  action === 'enable' ? `Error on enabling ${name}` : `Error on disabling ${name}`;
export const ORDER_SAVE_FAILED = 'Error on saving order';

const stamp = (r: HeliumResult): number => Date.parse(r.pkg.published ?? '') || 0;

/** Converts the panel's text values as the spec says: number → float, json → parsed, string kept. */
export function convertConfig(spec: Record<string, ConfField>, values: Record<string, string>): { ok: true; values: Record<string, unknown> } | { ok: false; field: string } {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const type = spec[key]?.type;
    if (type === 'number') {
      const n = Number.parseFloat(raw);
      if (Number.isNaN(n)) return { ok: false, field: key };
      out[key] = n;
    } else if (type === 'json') {
      try {
        out[key] = JSON.parse(raw) as unknown;
      } catch {
        return { ok: false, field: key };
      }
    } else {
      out[key] = raw;
    }
  }
  return { ok: true, values: out };
}

/** The text a config field starts with: the saved value, else the default, JSON for structured values. */
export function configText(field: ConfField, persisted: unknown): string {
  const v = persisted === undefined ? field.defaultValue : persisted;
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const load = loadCases<AdminHeliumState, { packages: Record<string, HeliumResult[]>; order: string[]; now: number }>('status', (state, page) => {
  const now = new Date(page.now).toISOString();
  state.packages = {};
  for (const [name, versions] of Object.entries(page.packages)) {
    state.packages[name] = versions.map((v) => ({ ...v, pkg: { ...v.pkg, published: v.pkg.published || now } }));
  }
  // The drag list holds exactly the enabled visualisations: saved order first, newly enabled ones after.
  const vis = Object.values(page.packages).flat().filter((r) => r.enabled && r.pkg.type === 'VISUALIZATION').map((r) => r.pkg.name);
  const base = state.orderChanged ? state.order : page.order;
  state.order = [...base.filter((n) => vis.includes(n)), ...vis.filter((n) => !base.includes(n))];
});

export const adminHeliumSlice = createSlice({
  name: 'adminHelium',
  initialState,
  reducers: {
    loadRequested: load.requested,
    /** `now` stamps packages without a publish date, so they sort as newest (and replay the same). */
    loaded: {
      reducer: load.loaded,
      prepare(packages: Record<string, HeliumResult[]>, order: string[], now: number) {
        return { payload: { packages, order, now } };
      },
    },
    loadFailed: load.failed,
    typeChosen(state, action: PayloadAction<PackageType>) {
      state.typeFilter = action.payload;
      state.page = 1;
    },
    pageChosen(state, action: PayloadAction<number>) {
      state.page = action.payload;
    },
    versionsToggled(state, action: PayloadAction<string>) {
      state.versionsOpen[action.payload] = !state.versionsOpen[action.payload];
    },
    enableRequested(state, action: PayloadAction<{ name: string; artifact: string }>) {
      state.confirm = { action: 'enable', ...action.payload };
    },
    disableRequested(state, action: PayloadAction<{ name: string; artifact: string }>) {
      state.confirm = { action: 'disable', ...action.payload };
    },
    confirmCancelled(state) {
      state.confirm = null;
    },
    confirmAccepted(state, action: PayloadAction<Confirm>) {
      state.busy = action.payload.name;
      state.confirm = null;
    },
    toggleFinished(state) {
      state.busy = null;
    },
    errorShown(state, action: PayloadAction<{ title: string; message: string }>) {
      state.error = action.payload;
    },
    errorClosed(state) {
      state.error = null;
    },
    configOpened(state, action: PayloadAction<{ name: string; artifact: string }>) {
      state.configs[action.payload.name] = { state: 'opening', artifact: action.payload.artifact, spec: {}, persisted: {} };
    },
    configLoaded(state, action: PayloadAction<{ name: string; spec: Record<string, ConfField>; persisted: Record<string, unknown> }>) {
      const panel = state.configs[action.payload.name];
      if (!panel) return;
      panel.state = 'open';
      panel.spec = action.payload.spec;
      panel.persisted = action.payload.persisted;
    },
    configClosed(state, action: PayloadAction<string>) {
      delete state.configs[action.payload];
    },
    configSaveSubmitted(_state, _action: PayloadAction<{ name: string; artifact: string; values: Record<string, string> }>) {},
    orderMoved(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload;
      if (from === to || from < 0 || to < 0 || from >= state.order.length || to >= state.order.length) return;
      const [moved] = state.order.splice(from, 1);
      state.order.splice(to, 0, moved);
      state.orderChanged = true;
    },
    orderSaveSubmitted() {},
    orderSaved(state) {
      state.orderChanged = false;
    },
    bundleLoaded(state, action: PayloadAction<string>) {
      if (!state.loadedBundles.includes(action.payload)) state.loadedBundles.push(action.payload);
      delete state.bundleErrors[action.payload];
    },
    bundleFailed(state, action: PayloadAction<{ name: string; message: string }>) {
      state.bundleErrors[action.payload.name] = action.payload.message;
      state.loadedBundles = state.loadedBundles.filter((n) => n !== action.payload.name);
    },
  },
  selectors: {
    selectHelium: (s) => s,
  },
});

export const adminHelium = adminHeliumSlice.actions;
export const { selectHelium } = adminHeliumSlice.selectors;

export interface PackageRow {
  name: string;
  /** The enabled version, else the newest. */
  shown: HeliumResult;
  versions: HeliumResult[];
}

export function pageLinks(page: number, pageCount: number): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(MAX_PAGE_LINKS / 2), pageCount - MAX_PAGE_LINKS + 1));
  const links: number[] = [];
  for (let p = first; p <= pageCount && links.length < MAX_PAGE_LINKS; p++) links.push(p);
  return links;
}

export const selectHeliumView = createSelector([selectHelium], (s) => {
  const rows: PackageRow[] = [];
  for (const [name, versions] of Object.entries(s.packages)) {
    const sorted = [...versions].sort((a, b) => stamp(b) - stamp(a));
    const shown = sorted.find((v) => v.enabled) ?? sorted[0];
    if (shown && shown.pkg.type === s.typeFilter) rows.push({ name, shown, versions: sorted });
  }
  rows.sort((a, b) => stamp(b.shown) - stamp(a.shown) || a.name.localeCompare(b.name));
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, s.page), pageCount);
  return { rows: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: rows.length, page, pageCount, links: pageLinks(page, pageCount) };
});

