/**
 * Shared by the admin pages: the permission refusal of spec section 6 (a 401 shows a toast, then the app returns
 * to the base page after 3 s), and a small "what the page is waiting for" status type.
 */
import { createAction, type Draft, type PayloadAction } from '@reduxjs/toolkit';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The three case reducers of something a page loads: `requested` and `failed` set its status, `loaded` sets it and
 * stores the answer. `statusKey` names the state field that holds the status (a page may load two things).
 */
export function loadCases<S, P>(statusKey: { [K in keyof S]: S[K] extends LoadStatus ? K : never }[keyof S], store: (state: Draft<S>, payload: P) => void) {
  const set = (state: Draft<S>, status: LoadStatus): void => {
    (state as Record<typeof statusKey, LoadStatus>)[statusKey] = status;
  };
  return {
    requested: (state: Draft<S>): void => set(state, 'loading'),
    loaded: (state: Draft<S>, action: PayloadAction<P>): void => {
      set(state, 'loaded');
      store(state, action.payload);
    },
    failed: (state: Draft<S>): void => set(state, 'failed'),
  };
}

/** Both wordings occur in Zeppelin; this is the one the brief names. */
export const NO_PERMISSION_TEXT = "You don't have permission on this page";
export const PERMISSION_REDIRECT_MS = 3000;

export const adminPermissionDenied = createAction<{ page: string }>('admin/permissionDenied');
