/**
 * Toasts and modal dialogs, driven mostly by server ops (AUTH_INFO, ERROR_INFO, NOTICE, install results).
 * Toast ids come from a counter in state, so replaying a log gives the same ids.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';
import type { Keymap } from './domain/keymaps';

export type ToastLevel = 'info' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  text: string;
  level: ToastLevel;
  /** Identical toasts are combined; this counts them. */
  count: number;
  /** When the spec gives this message its own lifetime (credentials and repositories: 3000 ms). */
  timeoutMs?: number;
}

/** How much the support action log keeps (src/app/actionLog.ts); the user sees and changes it. */
export interface ActionLogLimits {
  maxEntries: number;
  /** JSON size of the kept actions and checkpoints. */
  maxBytes: number;
}

export interface ActionLogStats {
  entries: number;
  bytes: number;
  limits: ActionLogLimits;
  /** Time of the oldest kept action. */
  oldestAt: number | null;
}

/** A day of a busy session: tens of thousands of frames and a few hundred MB of output at most. */
export const DEFAULT_ACTION_LOG_LIMITS: ActionLogLimits = { maxEntries: 200_000, maxBytes: 64 * 1024 * 1024 };
export const ACTION_LOG_BOUNDS = { minEntries: 1000, maxEntries: 5_000_000, minMb: 1, maxMb: 2048 } as const;
export const MB = 1024 * 1024;

/** The limits typed in the action log dialog, or the message saying what is wrong with them. */
export function checkActionLogLimits(entries: number, mb: number): ActionLogLimits | { error: string } {
  const b = ACTION_LOG_BOUNDS;
  if (!Number.isInteger(entries) || entries < b.minEntries || entries > b.maxEntries) {
    return { error: `Actions: a whole number from ${b.minEntries.toLocaleString('en-US')} to ${b.maxEntries.toLocaleString('en-US')}.` };
  }
  if (!Number.isFinite(mb) || mb < b.minMb || mb > b.maxMb) return { error: `Size: from ${b.minMb} to ${b.maxMb} MB.` };
  return { maxEntries: entries, maxBytes: Math.round(mb * MB) };
}

export type Dialog =
  | { kind: 'insufficientPrivileges'; info: string }
  | { kind: 'details'; info: string }
  | { kind: 'login'; info: string | null; error?: string; pending?: boolean }
  /** A titled message with a Close button (job run/stop failures, About). */
  | { kind: 'message'; title: string; info: string }
  /** What the action log keeps now, and its limits. */
  | { kind: 'actionLog'; stats: ActionLogStats | null };

export interface UiState {
  toasts: Toast[];
  nextToastId: number;
  dialog: Dialog | null;
  theme: 'system' | 'light' | 'dark';
  /** BCP 47 tag of the date language (see src/app/locales.ts). */
  locale: string;
  actionLogLimits: ActionLogLimits;
  /** Beyond Zeppelin: Zeppelin's keys, Jupyter's command mode, or Vim / Emacs in the editor. */
  keymap: Keymap;
}

const initialState: UiState = {
  toasts: [], nextToastId: 1, dialog: null, theme: 'system', locale: 'en-US', actionLogLimits: DEFAULT_ACTION_LOG_LIMITS, keymap: 'zeppelin',
};

/** Spec: toasts stay 6000 ms, have a dismiss button and are not dismissed by a click on them. */
export const TOAST_TIMEOUT_MS = 6000;

function addToast(state: UiState, text: string, level: ToastLevel, timeoutMs?: number): void {
  const same = state.toasts.find((t) => t.text === text && t.level === level);
  if (same) {
    same.count += 1;
    return;
  }
  state.toasts.push({ id: state.nextToastId++, text, level, count: 1, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<{ text: string; level?: ToastLevel; timeoutMs?: number }>) {
      addToast(state, action.payload.text, action.payload.level ?? 'info', action.payload.timeoutMs);
    },
    toastDismissed(state, action: PayloadAction<number>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
    dialogOpened(state, action: PayloadAction<Dialog>) {
      state.dialog = action.payload;
    },
    dialogClosed(state) {
      state.dialog = null;
    },
    /** Support: save the action log as a file (handled by the shell saga). */
    actionLogDownloadRequested() {},
    /** Support: show what the action log keeps (the shell saga reads it and opens the dialog). */
    actionLogSettingsRequested() {},
    actionLogLimitsChosen(state, action: PayloadAction<ActionLogLimits>) {
      state.actionLogLimits = action.payload;
    },
    themeChosen(state, action: PayloadAction<UiState['theme']>) {
      state.theme = action.payload;
    },
    localeChosen(state, action: PayloadAction<string>) {
      state.locale = action.payload;
    },
    keymapChosen(state, action: PayloadAction<Keymap>) {
      state.keymap = action.payload;
    },
    loginStarted(state) {
      if (state.dialog?.kind === 'login') state.dialog = { ...state.dialog, pending: true, error: undefined };
    },
    loginFailed(state, action: PayloadAction<string>) {
      if (state.dialog?.kind === 'login') state.dialog = { ...state.dialog, pending: false, error: action.payload };
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.AUTH_INFO, (state, a) => {
        state.dialog = { kind: 'insufficientPrivileges', info: a.payload.info ?? '' };
      })
      .addCase(wsIn.ERROR_INFO, (state, a) => {
        state.dialog = { kind: 'details', info: a.payload.info ?? '' };
      })
      .addCase(wsIn.NOTICE, (state, a) => {
        addToast(state, a.payload.notice, 'info');
      })
      .addCase(wsIn.INTERPRETER_INSTALL_STARTED, (state, a) => {
        if (a.payload.message) addToast(state, a.payload.message, 'info');
      })
      .addCase(wsIn.INTERPRETER_INSTALL_RESULT, (state, a) => {
        if (a.payload.message) addToast(state, a.payload.message, a.payload.result === 'Failed' ? 'danger' : 'success');
      }),
  selectors: {
    selectToasts: (s) => s.toasts,
    selectDialog: (s) => s.dialog,
    selectTheme: (s) => s.theme,
    selectLocale: (s) => s.locale,
    selectActionLogLimits: (s) => s.actionLogLimits,
    selectKeymap: (s) => s.keymap,
  },
});

export const ui = uiSlice.actions;
export const { selectToasts, selectDialog, selectTheme, selectLocale, selectActionLogLimits, selectKeymap } = uiSlice.selectors;
