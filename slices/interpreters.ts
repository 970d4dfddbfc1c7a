/** Interpreter settings, each note's bindings, and the editor setting the server resolved per paragraph. */
import { createSlice } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';
import type { EditorSetting, InterpreterBinding, InterpreterSetting } from '../protocol';

export interface InterpretersState {
  settings: InterpreterSetting[];
  bindings: Record<string, InterpreterBinding[]>;
  /** INTERPRETER_BINDINGS names no note: it answers the last GET_INTERPRETER_BINDINGS. */
  bindingsRequestedFor: string | null;
  editorSettings: Record<string, EditorSetting>;
}

const initialState: InterpretersState = { settings: [], bindings: {}, bindingsRequestedFor: null, editorSettings: {} };

export const interpretersSlice = createSlice({
  name: 'interpreters',
  initialState,
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsIn.INTERPRETER_SETTINGS, (state, a) => {
        state.settings = a.payload.interpreterSettings;
      })
      .addCase(wsOut.GET_INTERPRETER_BINDINGS, (state, a) => {
        state.bindingsRequestedFor = a.payload.noteId;
      })
      .addCase(wsOut.SAVE_INTERPRETER_BINDINGS, (state, a) => {
        state.bindingsRequestedFor = a.payload.noteId;
      })
      .addCase(wsIn.INTERPRETER_BINDINGS, (state, a) => {
        if (state.bindingsRequestedFor) state.bindings[state.bindingsRequestedFor] = a.payload.interpreterBindings;
      })
      .addCase(wsIn.EDITOR_SETTING, (state, a) => {
        state.editorSettings[a.payload.paragraphId] = a.payload.editor;
      }),
});
