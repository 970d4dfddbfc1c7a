/** The search page's results for the term in the route (`GET /api/notebook/search?q=`). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One hit as Zeppelin returns it; `id` is `{noteId}` or `{noteId}/paragraph/{paragraphId}`. */
export interface SearchHit {
  id: string;
  name?: string;
  header?: string;
  snippet?: string;
  text?: string;
}

export interface SearchState {
  term: string | null;
  status: 'idle' | 'loading' | 'done' | 'failed';
  hits: SearchHit[];
  error: string | null;
}

const initialState: SearchState = { term: null, status: 'idle', hits: [], error: null };

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    started(state, action: PayloadAction<string>) {
      state.term = action.payload;
      state.status = 'loading';
      state.hits = [];
      state.error = null;
    },
    received(state, action: PayloadAction<{ term: string; hits: SearchHit[] }>) {
      if (action.payload.term !== state.term) return;
      state.status = 'done';
      state.hits = action.payload.hits;
    },
    failed(state, action: PayloadAction<{ term: string; message: string }>) {
      if (action.payload.term !== state.term) return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
  },
  selectors: {
    selectSearch: (s) => s,
  },
});

export const search = searchSlice.actions;
export const { selectSearch } = searchSlice.selectors;
