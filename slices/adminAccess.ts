/**
 * Shared by the admin pages: the permission refusal of spec section 6 (a 401 shows a toast, then the app returns
 * to the base page after 3 s), and a small "what the page is waiting for" status type.
 */
import { createAction } from '@reduxjs/toolkit';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Both wordings occur in Zeppelin; this is the one the brief names. */
export const NO_PERMISSION_TEXT = "You don't have permission on this page";
export const PERMISSION_REDIRECT_MS = 3000;

export const adminPermissionDenied = createAction<{ page: string }>('admin/permissionDenied');
