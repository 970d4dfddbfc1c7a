/**
 * The websocket's own state, kept apart from anything the server says (as JupyterLab keeps connectionStatus apart
 * from the kernel status). Written only by the socket saga's events.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FrameError } from '../protocol';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ConnectionState {
  status: ConnectionStatus;
  url: string | null;
  /** Failed attempts since the last successful open. */
  failures: number;
  /** Delay before the next attempt, while reconnecting. */
  retryInMs: number | null;
  lastCloseCode: number | null;
  /** Frames that could not be decoded, most recent last (bounded). */
  badFrames: FrameError[];
}

const initialState: ConnectionState = {
  status: 'connecting', url: null, failures: 0, retryInMs: null, lastCloseCode: null, badFrames: [],
};

const MAX_BAD_FRAMES = 20;

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connecting(state, action: PayloadAction<{ url: string }>) {
      state.url = action.payload.url;
      if (state.status !== 'reconnecting') state.status = 'connecting';
    },
    opened(state) {
      state.status = 'connected';
      state.failures = 0;
      state.retryInMs = null;
    },
    closed(state, action: PayloadAction<{ code: number; deliberate: boolean }>) {
      state.lastCloseCode = action.payload.code;
      state.status = 'disconnected';
    },
    openFailed(state) {
      state.failures += 1;
      state.status = 'disconnected';
    },
    retryScheduled(state, action: PayloadAction<{ inMs: number }>) {
      state.status = 'reconnecting';
      state.retryInMs = action.payload.inMs;
    },
    /** The user or the app closed the socket on purpose: no reconnect. */
    closeRequested() {},
    badFrame(state, action: PayloadAction<FrameError>) {
      state.badFrames.push(action.payload);
      if (state.badFrames.length > MAX_BAD_FRAMES) state.badFrames.shift();
    },
  },
  selectors: {
    selectConnectionStatus: (s) => s.status,
  },
});

export const connection = connectionSlice.actions;
export const { selectConnectionStatus } = connectionSlice.selectors;
