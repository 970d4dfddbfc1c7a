/**
 * Paragraph bodies of the open note, keyed by id (order lives in the notes slice). Streaming output is folded in
 * here: PARAGRAPH_UPDATE_OUTPUT creates or replaces a result slot, PARAGRAPH_APPEND_OUTPUT appends to it while the
 * paragraph runs, and the final PARAGRAPH replaces everything with the server's authoritative copy.
 */
import { createEntityAdapter, createSlice, type EntityState } from '@reduxjs/toolkit';
import { wsIn, wsOut } from '../src/protocol/actions';
import { isRunningStatus, type Paragraph, type ParagraphResults, type RunAllEntry } from '../src/protocol';

export const paragraphsAdapter = createEntityAdapter<Paragraph>();

export type ParagraphsState = EntityState<Paragraph, string>;

function slot(p: Paragraph, index: number): { type: string; data: string } {
  const results: ParagraphResults = p.results ?? (p.results = {});
  const msg = results.msg ?? (results.msg = []);
  while (msg.length <= index) msg.push({ type: 'TEXT', data: '' });
  return msg[index];
}

function parseRunAll(paragraphs: string): RunAllEntry[] {
  try {
    const v: unknown = JSON.parse(paragraphs);
    return Array.isArray(v) ? (v as RunAllEntry[]) : [];
  } catch {
    return [];
  }
}

export const paragraphsSlice = createSlice({
  name: 'paragraphs',
  initialState: paragraphsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsIn.NOTE, (state, a) => {
        if (a.payload.note) paragraphsAdapter.setAll(state, a.payload.note.paragraphs ?? []);
      })
      .addCase(wsIn.NEW_NOTE, (state, a) => {
        paragraphsAdapter.setAll(state, a.payload.note.paragraphs ?? []);
      })
      .addCase(wsIn.PARAGRAPH, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      .addCase(wsIn.RUN_PARAGRAPH_USING_SPELL, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      .addCase(wsIn.PARAGRAPH_ADDED, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      .addCase(wsIn.PARAGRAPH_REMOVED, (state, a) => {
        paragraphsAdapter.removeOne(state, a.payload.id);
      })
      .addCase(wsIn.PROGRESS, (state, a) => {
        const p = state.entities[a.payload.id];
        if (p) p.progress = a.payload.progress;
      })
      .addCase(wsIn.PARAS_INFO, (state, a) => {
        const p = state.entities[a.payload.id];
        if (p) p.runtimeInfos = { ...p.runtimeInfos, ...a.payload.infos };
      })
      .addCase(wsIn.PARAGRAPH_UPDATE_OUTPUT, (state, a) => {
        const p = state.entities[a.payload.paragraphId];
        if (!p) return;
        const s = slot(p, a.payload.index);
        s.type = a.payload.type;
        s.data = a.payload.data ?? '';
      })
      .addCase(wsIn.PARAGRAPH_APPEND_OUTPUT, (state, a) => {
        const p = state.entities[a.payload.paragraphId];
        // Appends only count while the paragraph runs; once finished the final PARAGRAPH is authoritative.
        if (!p || !isRunningStatus(p.status)) return;
        slot(p, a.payload.index).data += a.payload.data;
      })
      // The spec shows PENDING at the moment a run is sent, before the server answers.
      .addCase(wsOut.RUN_PARAGRAPH, (state, a) => {
        const p = state.entities[a.payload.id];
        if (p) p.status = 'PENDING';
      })
      .addCase(wsOut.RUN_ALL_PARAGRAPHS, (state, a) => {
        for (const entry of parseRunAll(a.payload.paragraphs)) {
          const p = state.entities[entry.id];
          if (p) p.status = 'PENDING';
        }
      }),
});

const selectors = paragraphsAdapter.getSelectors((s: { paragraphs: ParagraphsState }) => s.paragraphs);
export const selectParagraphById = selectors.selectById;
export const selectParagraphEntities = selectors.selectEntities;
