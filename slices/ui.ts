/**
 * Toasts and modal dialogs, driven mostly by server ops (AUTH_INFO, ERROR_INFO, NOTICE, install results).
 * Toast ids come from a counter in state, so replaying a log gives the same ids.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';

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

export type Dialog =
  | { kind: 'insufficientPrivileges'; info: string }
  | { kind: 'details'; info: string }
  | { kind: 'login'; info: string | null; error?: string; pending?: boolean }
  /** A titled message with a Close button (job run/stop failures, About). */
  | { kind: 'message'; title: string; info: string };

export interface UiState {
  toasts: Toast[];
  nextToastId: number;
  dialog: Dialog | null;
  theme: 'system' | 'light' | 'dark';
  /** BCP 47 tag of the date language (see src/app/locales.ts). */
  locale: string;
}

const initialState: UiState = { toasts: [], nextToastId: 1, dialog: null, theme: 'system', locale: 'en-US' };

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
    themeChosen(state, action: PayloadAction<UiState['theme']>) {
      state.theme = action.payload;
    },
    localeChosen(state, action: PayloadAction<string>) {
      state.locale = action.payload;
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
  },
});

export const ui = uiSlice.actions;
export const { selectToasts, selectDialog, selectTheme, selectLocale } = uiSlice.selectors;
