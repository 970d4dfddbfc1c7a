/**
 * Who is editing which paragraph (beyond Zeppelin). Our server names the author of each relayed PATCH_PARAGRAPH
 * (`user`); a Zeppelin server does not, and then nothing is shown. A name goes away after a quiet moment
 * (`collab/editingExpired` from the collab saga), when the room stops being collaborative, or with another note.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn } from './wsActions';

export interface CollabState {
  /** Paragraph id → the user whose patches are arriving for it. */
  editing: Record<string, string>;
}

const initialState: CollabState = { editing: {} };

export const collabSlice = createSlice({
  name: 'collab',
  initialState,
  reducers: {
    editingExpired(state, a: PayloadAction<{ id: string; user: string }>) {
      if (state.editing[a.payload.id] === a.payload.user) delete state.editing[a.payload.id];
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.PATCH_PARAGRAPH, (state, a) => {
        const { paragraphId, patch, user, text } = a.payload;
        // The resync (whole text, empty patch) is the server's, not a keystroke.
        if (user && patch !== '' && text === undefined) state.editing[paragraphId] = user;
      })
      .addCase(wsIn.COLLABORATIVE_MODE_STATUS, (state, a) => {
        if (!a.payload.status) state.editing = {};
      })
      .addCase(wsIn.NOTE, (state) => {
        state.editing = {};
      })
      .addCase(wsIn.PARAGRAPH_REMOVED, (state, a) => {
        delete state.editing[a.payload.id];
      }),
  selectors: {
  },
});

export const collab = collabSlice.actions;
