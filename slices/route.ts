/**
 * The current hash route as an event stream: `route/changed` is dispatched by the router on every navigation, so
 * sagas (resync, title) can react to it and the action log shows where the user was.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { matchRoute, type RouteMatch } from './domain/routing';

export interface RouteState {
  path: string;
  search: string;
  match: RouteMatch;
}

const initialState: RouteState = { path: '/', search: '', match: { page: 'home' } };

export const routeSlice = createSlice({
  name: 'route',
  initialState,
  reducers: {
    changed: {
      reducer(state, action: PayloadAction<{ path: string; search: string; match: RouteMatch }>) {
        state.path = action.payload.path;
        state.search = action.payload.search;
        state.match = action.payload.match;
      },
      prepare(path: string, search = '') {
        return { payload: { path, search, match: matchRoute(path) } };
      },
    },
  },
  selectors: {
    selectRouteMatch: (s) => s.match,
  },
});

export const route = routeSlice.actions;
export const { selectRouteMatch } = routeSlice.selectors;
