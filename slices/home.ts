/**
 * The home page's list view: the filter text, how many top-level entries are shown (the list grows on demand, so
 * 10,000 notes never render at once) and which folders are open.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface HomeState {
  filter: string;
  shown: number;
  expanded: Record<string, true>;
}

/** Spec: about window height / 20 entries at first, then 10 more at a time. */
export const ROW_HEIGHT_DIVISOR = 20;
export const MORE_STEP = 10;

const initialState: HomeState = { filter: '', shown: MORE_STEP, expanded: {} };

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    listOpened(state, action: PayloadAction<{ windowHeight: number }>) {
      state.shown = Math.max(MORE_STEP, Math.ceil(action.payload.windowHeight / ROW_HEIGHT_DIVISOR));
    },
    moreRequested(state) {
      state.shown += MORE_STEP;
    },
    filterChanged(state, action: PayloadAction<string>) {
      state.filter = action.payload;
    },
    folderToggled(state, action: PayloadAction<string>) {
      if (state.expanded[action.payload]) delete state.expanded[action.payload];
      else state.expanded[action.payload] = true;
    },
  },
  selectors: {
    selectHome: (s) => s,
  },
});

export const home = homeSlice.actions;
export const { selectHome } = homeSlice.selectors;
