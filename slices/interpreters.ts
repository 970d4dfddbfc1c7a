/**
 * Interpreter settings (the one copy: the note page's INTERPRETER_SETTINGS and the interpreter page's REST answers
 * both land here), each note's bindings, and the editor setting the server resolved per paragraph.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { adminInterpreters } from './adminInterpreters';
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

const replaceSetting = (list: InterpreterSetting[], s: InterpreterSetting): InterpreterSetting[] =>
  list.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [...list, s];

export const interpretersSlice = createSlice({
  name: 'interpreters',
  initialState,
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsIn.INTERPRETER_SETTINGS, (state, a) => {
        state.settings = a.payload.interpreterSettings;
      })
      .addCase(adminInterpreters.loaded, (state, a) => {
        state.settings = a.payload.settings;
      })
      .addCase(adminInterpreters.removed, (state, a) => {
        state.settings = state.settings.filter((s) => s.id !== a.payload);
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
      })
      .addMatcher(isAnyOf(adminInterpreters.settingRefreshed, adminInterpreters.created, adminInterpreters.updated), (state, a) => {
        state.settings = replaceSetting(state.settings, a.payload);
      }),
});
