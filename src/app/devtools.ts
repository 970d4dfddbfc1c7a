/**
 * Redux DevTools support: sanitizers that shorten big result payloads in the monitor, and the export format that
 * DevTools' Import button reads (`{payload, preloadedState}`, both JSON strings; `payload` an array of actions that
 * DevTools re-runs through the app's reducer). Extra keys are ignored by DevTools; we use them for the replay page.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ActionLogLimits } from '../../slices/ui';
import type { ActionLog } from './actionLog';
import type { Change } from './stateDelta';
import { createHasher, hashText } from './stateHash';

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
    /** 2 adds digests, checkpoints and limits; format 1 files (without them) still load. */
    format: 1 | 2;
    recordedAt: string;
    /** Per action: sequence number, time, and the digest of the state after it. */
    entries: { seq: number; at: number; digest?: string }[];
    /** After `index` actions: the state's checksum and its delta from the previous checkpoint. */
    checkpoints?: { index: number; checksum: string; delta?: Change }[];
    /** JSON string of the state when the log was saved; replay must reach exactly this. */
    finalState: string;
    finalChecksum?: string;
    limits?: ActionLogLimits;
    app?: string;
  };
}

/** The file support staff receive: everything redacted, as the log recorded it. */
export function exportActionLog(log: ActionLog<unknown>, recordedAt: Date, app?: string): ActionLogFile {
  const entries = log.entries();
  const first = entries[0]?.seq ?? 0;
  const final = log.currentState();
  return {
    payload: JSON.stringify(entries.map((e) => e.action)),
    preloadedState: JSON.stringify(log.baseState() ?? null),
    zeppelinActionLog: {
      format: 2,
      recordedAt: recordedAt.toISOString(),
      entries: entries.map((e) => ({ seq: e.seq, at: e.at, digest: hashText(e.digest) })),
      checkpoints: log.checkpoints().map((c) => ({ index: c.seq - first + 1, checksum: hashText(c.checksum), ...(c.delta ? { delta: c.delta } : {}) })),
      finalState: JSON.stringify(final ?? null),
      finalChecksum: hashText(createHasher(true).hash(final)),
      limits: log.stats().limits,
      ...(app ? { app } : {}),
    },
  };
}

export interface ParsedCheckpoint {
  index: number;
  checksum: string;
  delta?: Change;
}

export interface ParsedActionLog {
  actions: UnknownAction[];
  preloadedState: unknown;
  finalState: unknown | undefined;
  finalChecksum?: string;
  entries: { seq: number; at: number; digest?: string }[];
  checkpoints: ParsedCheckpoint[];
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
  const checkpoints = Array.isArray(meta?.checkpoints)
    ? meta.checkpoints.filter((c) => Number.isInteger(c?.index) && c.index > 0 && c.index <= actions.length && typeof c.checksum === 'string')
    : [];
  return {
    actions: actions as UnknownAction[], preloadedState, finalState, entries, checkpoints,
    ...(typeof meta?.finalChecksum === 'string' ? { finalChecksum: meta.finalChecksum } : {}),
  };
}
