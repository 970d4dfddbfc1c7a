/**
 * Who is logged in. The ticket string itself never enters the store (the socket saga keeps it in its vault and
 * adds it to frames at send time), so action logs and DevTools exports cannot leak it.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { jsonRoles } from '../protocol/roles';

export type LoginState = 'unknown' | 'anonymous' | 'loggedIn' | 'loggedOut';

export interface SessionState {
  loginState: LoginState;
  principal: string | null;
  screenUsername: string | null;
  roles: string[];
  /** Path to return to after the next login (set by a forced logout or the route guard). */
  ref: string | null;
  /** Text the server gave with SESSION_LOGOUT, shown in the login dialog. */
  logoutInfo: string | null;
}

const initialState: SessionState = {
  loginState: 'unknown', principal: null, screenUsername: null, roles: [], ref: null, logoutInfo: null,
};

export interface TicketInfo {
  principal: string;
  screenUsername: string;
  roles: string[];
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    ticketReceived(state, action: PayloadAction<TicketInfo>) {
      const { principal, screenUsername, roles } = action.payload;
      state.principal = principal;
      state.screenUsername = screenUsername;
      state.roles = roles;
      state.loginState = principal === 'anonymous' ? 'anonymous' : 'loggedIn';
      state.logoutInfo = null;
    },
    /** No ticket could be had (authentication is on and nobody is logged in). */
    ticketMissing(state) {
      state.loginState = 'loggedOut';
      state.principal = null;
      state.screenUsername = null;
      state.roles = [];
    },
    /** The server ended the session (SESSION_LOGOUT or an HTTP 405): remember where the user was. */
    forcedLogout(state, action: PayloadAction<{ info: string; ref: string | null }>) {
      state.loginState = 'loggedOut';
      state.logoutInfo = action.payload.info;
      state.ref = action.payload.ref ?? state.ref;
      state.principal = null;
      state.screenUsername = null;
      state.roles = [];
    },
    logoutRequested() {},
    loggedOut(state) {
      state.loginState = 'loggedOut';
      state.principal = null;
      state.screenUsername = null;
      state.roles = [];
    },
    refSet(state, action: PayloadAction<string | null>) {
      state.ref = action.payload;
    },
  },
  selectors: {
    selectSession: (s) => s,
  },
});

export const session = sessionSlice.actions;

export interface LoginForm {
  userName: string;
  /** Not enumerable: it never reaches JSON, so neither the action log export nor DevTools can show it. */
  readonly password: string;
}

/** The login dialog was submitted; the login saga posts the form. */
export const loginSubmitted = createAction('session/loginSubmitted', (userName: string, password: string) => {
  const payload = { userName } as LoginForm;
  Object.defineProperty(payload, 'password', { value: password, enumerable: false });
  return { payload };
});
export const { selectSession } = sessionSlice.selectors;

const EXTERNAL_LOGIN_MARKER = '#Pac4j';

/** The name to show for a principal: an external-login principal carries it as `, name=...,`. */
export function screenNameOf(principal: string): string {
  if (principal.startsWith(EXTERNAL_LOGIN_MARKER)) {
    const m = /, name=(.*?),/.exec(principal);
    if (m) return m[1];
  }
  return principal;
}

/** Zeppelin sends roles as a JSON array inside a string; anything unreadable counts as no roles. */
export const parseRoles = (roles: unknown): string[] => jsonRoles(roles) ?? [];
