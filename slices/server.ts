/** What the server told us about itself: version, configuration values, limits. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';

export interface ServerInfoState {
  version: string | null;
  configurations: Record<string, string>;
  /** From `GET /api/configurations/client`; Zeppelin's default is 10240000. */
  wsMaxMessageSize: number;
}

export const DEFAULT_WS_MAX_MESSAGE_SIZE = 10240000;

const initialState: ServerInfoState = { version: null, configurations: {}, wsMaxMessageSize: DEFAULT_WS_MAX_MESSAGE_SIZE };

export const serverSlice = createSlice({
  name: 'server',
  initialState,
  reducers: {
    versionReceived(state, action: PayloadAction<string>) {
      state.version = action.payload;
    },
    clientConfigReceived(state, action: PayloadAction<{ wsMaxMessageSize?: number; resultHistoryMax?: number }>) {
      if (typeof action.payload.wsMaxMessageSize === 'number') state.wsMaxMessageSize = action.payload.wsMaxMessageSize;
    },
  },
  extraReducers: (b) =>
    b.addCase(wsIn.CONFIGURATIONS_INFO, (state, a) => {
      state.configurations = a.payload.configurations;
    }),
  selectors: {
    selectServerVersion: (s) => s.version,
  },
});

export const serverInfo = serverSlice.actions;
export const { selectServerVersion } = serverSlice.selectors;
