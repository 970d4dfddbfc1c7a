/**
 * Paragraph bodies of the open note, keyed by id (order lives in the notes slice). Streaming output is folded in
 * here: PARAGRAPH_UPDATE_OUTPUT creates or replaces a result slot, PARAGRAPH_APPEND_OUTPUT appends to it while the
 * paragraph runs, and the final PARAGRAPH replaces everything with the server's authoritative copy.
 *
 * A collaborator's PATCH_PARAGRAPH (diff-match-patch text) is applied here to the stored text, the server's copy as
 * this page knows it, so an editor without a draft follows the other user's typing. The local user's draft (the
 * note page's `drafts`) is a separate copy that the notePage slice patches on the same frame; the editor shows the
 * draft when there is one, so each text is patched once and the user's typing is never patched twice. The server
 * relays a patch to everyone but its sender, so our own patches never come back here.
 *
 * While the note page shows a revision (`revision`, the same rule as the notes slice), these bodies are the
 * revision's: the live frames of the room this connection is still in are ignored, as they carry no note id.
 */
import { createEntityAdapter, createSlice, type EntityState, type UnknownAction } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';
import { isRunningStatus, type Note, type Paragraph, type ParagraphResults, type RunAllEntry } from '../protocol';
import { applyPatchText } from '../protocol/textPatch';
import { helium } from './helium';
import { answersRevision, notes, type RevisionRef } from './notes';

export const paragraphsAdapter = createEntityAdapter<Paragraph>();

export type ParagraphsState = EntityState<Paragraph, string> & {
  revision: RevisionRef | null;
  /** Grows whenever the bodies change other than by streamed output, so views of text and state skip the appends. */
  edits: number;
};

/** Live frames that change paragraph bodies of the open note; none of them names the note. */
const LIVE_PARAGRAPH_FRAMES: ReadonlySet<string> = new Set([
  wsIn.PARAGRAPH, wsIn.RUN_PARAGRAPH_USING_SPELL, wsIn.PARAGRAPH_ADDED, wsIn.PARAGRAPH_REMOVED, wsIn.PATCH_PARAGRAPH,
  wsIn.PROGRESS, wsIn.PARAS_INFO, wsIn.PARAGRAPH_UPDATE_OUTPUT, wsIn.PARAGRAPH_APPEND_OUTPUT,
].map((c) => c.type));

function slot(p: Paragraph, index: number): { type: string; data: string } {
  const results: ParagraphResults = p.results ?? (p.results = {});
  const msg = results.msg ?? (results.msg = []);
  while (msg.length <= index) msg.push({ type: 'TEXT', data: '' });
  return msg[index];
}

export function parseRunAll(paragraphs: string): RunAllEntry[] {
  try {
    const v: unknown = JSON.parse(paragraphs);
    return Array.isArray(v) ? (v as RunAllEntry[]) : [];
  } catch {
    return [];
  }
}

export const paragraphsSlice = createSlice({
  name: 'paragraphs',
  initialState: paragraphsAdapter.getInitialState({ revision: null as RevisionRef | null, edits: 0 }),
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(wsOut.NOTE_REVISION, (state, a) => {
        state.revision = { noteId: a.payload.noteId, revisionId: a.payload.revisionId };
      })
      .addCase(wsOut.GET_NOTE, (state) => {
        state.revision = null;
      })
      .addCase(notes.noteClosed, (state) => {
        state.revision = null;
      })
      .addCase(wsIn.NEW_NOTE, (state, a) => {
        state.revision = null;
        paragraphsAdapter.setAll(state, a.payload.note.paragraphs ?? []);
      })
      .addCase(wsIn.NOTE_REVISION, (state, a) => {
        const { note, noteId, revisionId } = a.payload;
        if (note && answersRevision(state.revision, noteId, revisionId)) paragraphsAdapter.setAll(state, note.paragraphs ?? []);
      })
      .addCase(wsIn.PARAGRAPH, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      .addCase(wsIn.RUN_PARAGRAPH_USING_SPELL, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      // A spell runs in this browser: the server only hears of it afterwards and sends nothing back to us.
      .addCase(helium.spellRunStarted, (state, a) => {
        const p = state.entities[a.payload.id];
        if (!p) return;
        p.status = 'RUNNING';
        p.dateStarted = a.payload.dateStarted;
        delete p.errorMessage;
      })
      .addCase(helium.spellRunFinished, (state, a) => {
        const p = state.entities[a.payload.id];
        if (!p) return;
        const o = a.payload;
        Object.assign(p, { text: o.text, status: o.status, results: o.results, dateStarted: o.dateStarted, dateFinished: o.dateFinished });
        if (o.errorMessage) p.errorMessage = o.errorMessage;
      })
      .addCase(wsIn.PARAGRAPH_ADDED, (state, a) => {
        paragraphsAdapter.setOne(state, a.payload.paragraph);
      })
      .addCase(wsIn.PARAGRAPH_REMOVED, (state, a) => {
        paragraphsAdapter.removeOne(state, a.payload.id);
      })
      .addCase(wsIn.PATCH_PARAGRAPH, (state, a) => {
        const p = state.entities[a.payload.paragraphId];
        // a patch that cannot be read leaves the text as it was; `text` is our server's resync (collabResync.ts)
        if (p) p.text = a.payload.text ?? applyPatchText(p.text ?? '', a.payload.patch);
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

/**
 * Streamed output is the hottest path of the store (thousands of appends per second), so it skips Immer and
 * copies just the objects on the way to the appended slot.
 */
function appendOutput(state: ParagraphsState, payload: { paragraphId: string; index: number; data: string }): ParagraphsState {
  const p = state.entities[payload.paragraphId];
  // Appends only count while the paragraph runs; once finished the final PARAGRAPH is authoritative.
  if (!p || !isRunningStatus(p.status)) return state;
  const msg = [...(p.results?.msg ?? [])];
  while (msg.length <= payload.index) msg.push({ type: 'TEXT', data: '' });
  msg[payload.index] = { ...msg[payload.index], data: msg[payload.index].data + payload.data };
  const next: Paragraph = { ...p, results: { ...p.results, msg } };
  return { ...state, entities: { ...state.entities, [p.id]: next } };
}

/**
 * A NOTE brings every paragraph of the note (5,000 of them in a large note): set through Immer, each one would be
 * walked and deep-frozen before the first screen is drawn, so they are taken in as they came. Immer freezes each
 * paragraph later, when a change to the entity map first finalises it. Same result as the adapter's setAll.
 */
function storeNote(state: ParagraphsState, note: Note | undefined): ParagraphsState {
  if (!note || state.revision?.noteId === note.id) return state;
  const ids: string[] = [];
  const entities: Record<string, Paragraph> = {};
  for (const p of note.paragraphs ?? []) {
    if (!Object.prototype.hasOwnProperty.call(entities, p.id)) ids.push(p.id);
    entities[p.id] = p;
  }
  return { ...state, revision: null, ids, entities };
}

export function paragraphsReducer(state: ParagraphsState | undefined, action: UnknownAction): ParagraphsState {
  if (state?.revision && LIVE_PARAGRAPH_FRAMES.has(action.type)) return state;
  if (state && wsIn.PARAGRAPH_APPEND_OUTPUT.match(action)) return appendOutput(state, action.payload);
  const next = wsIn.NOTE.match(action)
    ? storeNote(state ?? paragraphsSlice.getInitialState(), action.payload.note)
    : paragraphsSlice.reducer(state, action);
  return state && next.entities !== state.entities ? { ...next, edits: next.edits + 1 } : next;
}

/** What combineSlices mounts at `paragraphs`. */
export const paragraphsReducerSlice = { reducerPath: 'paragraphs' as const, reducer: paragraphsReducer };

const selectors = paragraphsAdapter.getSelectors((s: { paragraphs: ParagraphsState }) => s.paragraphs);
export const selectParagraphById = selectors.selectById;
