/**
 * Redux DevTools support: sanitizers that shorten big result payloads in the monitor, and the export format that
 * DevTools' Import button reads (`{payload, preloadedState}`, both JSON strings; `payload` an array of actions that
 * DevTools re-runs through the app's reducer). Extra keys are ignored by DevTools; we use them for the replay page.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { LogEntry } from './actionLog';

/** Strings longer than this are cut in the monitor (the store keeps them whole). */
export const SANITIZE_MAX_STRING = 2000;
/** Actions kept by the DevTools monitor (its default of 50 is too short for a support session). */
export const DEVTOOLS_MAX_AGE = 2000;

function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > SANITIZE_MAX_STRING ? `${value.slice(0, SANITIZE_MAX_STRING)}… [${value.length} chars]` : value;
  }
  if (depth > 12 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => shorten(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = shorten(v, depth + 1);
  return out;
}

export const actionSanitizer = <A extends UnknownAction>(action: A): A => shorten(action) as A;
export const stateSanitizer = <S>(state: S): S => shorten(state) as S;

export interface ActionLogFile {
  /** JSON string of the recorded actions, in order (DevTools' "actions array" import form). */
  payload: string;
  /** JSON string of the state before the first recorded action. */
  preloadedState: string;
  zeppelinActionLog: {
    format: 1;
    recordedAt: string;
    entries: { seq: number; at: number }[];
    /** JSON string of the state when the log was saved; replay must reach exactly this. */
    finalState: string;
    app?: string;
  };
}

export function exportActionLog<S>(entries: readonly LogEntry[], baseState: S, finalState: S, recordedAt: Date, app?: string): ActionLogFile {
  return {
    payload: JSON.stringify(entries.map((e) => e.action)),
    preloadedState: JSON.stringify(baseState),
    zeppelinActionLog: {
      format: 1,
      recordedAt: recordedAt.toISOString(),
      entries: entries.map((e) => ({ seq: e.seq, at: e.at })),
      finalState: JSON.stringify(finalState),
      ...(app ? { app } : {}),
    },
  };
}

export interface ParsedActionLog {
  actions: UnknownAction[];
  preloadedState: unknown;
  finalState: unknown | undefined;
  entries: { seq: number; at: number }[];
}

/**
 * Reads a log file: ours, or any DevTools export in the actions-array form. Returns an error text for anything else.
 */
export function parseActionLog(text: string): ParsedActionLog | { error: string } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { error: 'This file is not JSON.' };
  }
  if (typeof file !== 'object' || file === null || typeof (file as { payload?: unknown }).payload !== 'string') {
    return { error: 'This file is not an action log (no "payload").' };
  }
  const f = file as Partial<ActionLogFile>;
  let actions: unknown;
  let preloadedState: unknown;
  try {
    actions = JSON.parse(f.payload as string);
    preloadedState = f.preloadedState ? JSON.parse(f.preloadedState) : undefined;
  } catch {
    return { error: 'The action log is damaged: its payload is not valid JSON.' };
  }
  if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'object' && a !== null && typeof (a as UnknownAction).type === 'string')) {
    return { error: 'The action log holds no list of actions.' };
  }
  let finalState: unknown;
  const meta = f.zeppelinActionLog;
  if (meta?.finalState) {
    try {
      finalState = JSON.parse(meta.finalState);
    } catch {
      finalState = undefined;
    }
  }
  const entries = meta?.entries && meta.entries.length === actions.length
    ? meta.entries
    : actions.map((_, i) => ({ seq: i, at: 0 }));
  return { actions: actions as UnknownAction[], preloadedState, finalState, entries };
}
