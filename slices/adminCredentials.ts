/**
 * The credential page (`#/credential`). Passwords never enter the store: the list keeps entity and user name
 * only (the page shows passwords masked), and a typed password travels in a non-enumerable action field, so the
 * action log a user downloads for support carries no secret.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadCases, type LoadStatus } from './adminAccess';

export interface CredentialRow {
  entity: string;
  username: string;
}

export interface CredentialForm {
  entity: string;
  username: string;
  /** Non-enumerable: present for the saga, absent from logs and replays. */
  readonly password?: string;
}

export interface AdminCredentialsState {
  status: LoadStatus;
  items: CredentialRow[];
  addOpen: boolean;
  /** The entity whose row is in edit mode. */
  editing: string | null;
  /** The entity waiting for the delete confirmation. */
  confirmDelete: string | null;
  saving: boolean;
}

const initialState: AdminCredentialsState = { status: 'idle', items: [], addOpen: false, editing: null, confirmDelete: null, saving: false };

/** Spec section 9: credential messages stay 3000 ms. */
export const CREDENTIAL_TOAST_MS = 3000;

export const CREDENTIAL_TEXT = {
  addEmpty: 'Username \\ Entity can not be empty.',
  updateEmpty: 'Username \\ Password can not be empty.',
  entityLocked: 'Since entity is a unique key, you can edit only username & password',
  saved: 'Successfully saved credentials.',
  addFailed: 'Error saving credentials',
  updateFailed: 'We could not save the credential',
  confirmDelete: 'Do you want to delete this credential information?',
} as const;

function withPassword(type: string) {
  return createAction(type, (entity: string, username: string, password: string) => {
    const payload = { entity, username } as CredentialForm;
    Object.defineProperty(payload, 'password', { value: password, enumerable: false });
    return { payload };
  });
}

export const credentialAddSubmitted = withPassword('adminCredentials/addSubmitted');
export const credentialUpdateSubmitted = withPassword('adminCredentials/updateSubmitted');

const load = loadCases<AdminCredentialsState, CredentialRow[]>('status', (state, rows) => {
  state.items = [...rows].sort((a, b) => a.entity.localeCompare(b.entity));
});

export const adminCredentialsSlice = createSlice({
  name: 'adminCredentials',
  initialState,
  reducers: {
    loadRequested: load.requested,
    loaded: load.loaded,
    loadFailed: load.failed,
    addToggled(state) {
      state.addOpen = !state.addOpen;
    },
    editStarted(state, action: PayloadAction<string>) {
      state.editing = action.payload;
    },
    editCancelled(state) {
      state.editing = null;
    },
    deleteRequested(state, action: PayloadAction<string>) {
      state.confirmDelete = action.payload;
    },
    deleteCancelled(state) {
      state.confirmDelete = null;
    },
    deleteConfirmed(state, _action: PayloadAction<string>) {
      state.confirmDelete = null;
    },
    saveFinished(state, action: PayloadAction<{ ok: boolean; kind: 'add' | 'update' }>) {
      state.saving = false;
      if (!action.payload.ok) return;
      if (action.payload.kind === 'add') state.addOpen = false;
      else state.editing = null;
    },
    removed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((c) => c.entity !== action.payload);
    },
  },
  extraReducers: (b) =>
    b
      .addCase(credentialAddSubmitted, (state) => {
        state.saving = true;
      })
      .addCase(credentialUpdateSubmitted, (state) => {
        state.saving = true;
      }),
  selectors: {
    selectCredentials: (s) => s,
  },
});

export const adminCredentials = adminCredentialsSlice.actions;
export const { selectCredentials } = adminCredentialsSlice.selectors;
