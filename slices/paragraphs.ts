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
 * This page's own COMMIT_PARAGRAPH (a result's mode or table options, a title, form values) shows at once: its config,
 * title and params are applied when it is sent, as Zeppelin's page does, so a second change made before the server
 * answers builds on the first instead of on the server's older copy (two table options ticked in quick succession
 * both stay). Until the PARAGRAPH echoing the commit's msgId arrives, other PARAGRAPH frames for that paragraph
 * (run status, a collaborator's change) update everything but those three fields, which would otherwise flick back
 * to an older state. An ERROR_INFO (a refused commit) puts the server's last known fields back.
 *
 * While the note page shows a revision (`revision`, the same rule as the notes slice), these bodies are the
 * revision's: the live frames of the room this connection is still in are ignored, as they carry no note id.
 */
import { createEntityAdapter, createSlice, type EntityState, type UnknownAction } from '@reduxjs/toolkit';
import { msgIdOf, msgIdOfSend, wsIn, wsOut } from './wsActions';
import { isRunningStatus, type Note, type Paragraph, type ParagraphConfig, type ParagraphSettings, type ParagraphResults, type RunAllEntry } from '../protocol';
import { applyPatchText } from '../protocol/textPatch';
import { helium } from './helium';
import { answersRevision, notes, type RevisionRef } from './notes';
import { connection } from './connection';

export const paragraphsAdapter = createEntityAdapter<Paragraph>();

/**
 * The fields a COMMIT_PARAGRAPH shows before the server confirms it. The params stay inside `settings`, beside the
 * forms: that is how the action log's redaction tells the password ones (src/app/redact.ts).
 */
interface CommittedFields {
  title?: string;
  config?: ParagraphConfig;
  settings?: ParagraphSettings;
}

interface Unconfirmed {
  /** msgIds of this page's commits of the paragraph that the server has not echoed yet, oldest first. */
  msgIds: string[];
  /** The fields as the server last sent them, put back if a commit is refused. */
  server: CommittedFields;
}

export type ParagraphsState = EntityState<Paragraph, string> & {
  revision: RevisionRef | null;
  /** Grows whenever the bodies change other than by streamed output, so views of text and state skip the appends. */
  edits: number;
  /** This page's commits waiting for their echo, per paragraph (see the file's notes). */
  unconfirmed: Record<string, Unconfirmed>;
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
  initialState: paragraphsAdapter.getInitialState({ revision: null as RevisionRef | null, edits: 0, unconfirmed: {} as Record<string, Unconfirmed> }),
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
        state.unconfirmed = {};
        paragraphsAdapter.setAll(state, a.payload.note.paragraphs ?? []);
      })
      .addCase(wsIn.NOTE_REVISION, (state, a) => {
        const { note, noteId, revisionId } = a.payload;
        if (note && answersRevision(state.revision, noteId, revisionId)) paragraphsAdapter.setAll(state, note.paragraphs ?? []);
      })
      .addCase(wsIn.PARAGRAPH, (state, a) => {
        receiveParagraph(state, a.payload.paragraph, msgIdOf(a));
      })
      .addCase(wsOut.COMMIT_PARAGRAPH, (state, a) => {
        const p = state.entities[a.payload.id];
        const msgId = msgIdOfSend(a);
        if (!p || msgId === undefined) return;
        const waiting = (state.unconfirmed[p.id] ??= { msgIds: [], server: committedFields(p) });
        waiting.msgIds.push(msgId);
        // As the server applies it: config merged key by key, params replaced, title set.
        p.config = { ...p.config, ...a.payload.config };
        p.title = a.payload.title;
        p.settings = { ...p.settings, params: a.payload.params };
      })
      .addCase(wsIn.ERROR_INFO, (state) => {
        for (const [id, waiting] of Object.entries(state.unconfirmed)) {
          const p = state.entities[id];
          if (p) withFields(p, waiting.server);
        }
        state.unconfirmed = {};
      })
      // Commits sent on a closed connection are answered, if at all, on the next one, which loads the note again.
      .addCase(connection.closed, (state) => {
        state.unconfirmed = {};
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

function committedFields(p: Paragraph): CommittedFields {
  return { title: p.title, config: p.config, settings: p.settings };
}

function withFields(p: Paragraph, f: CommittedFields): void {
  if (f.title === undefined) delete p.title;
  else p.title = f.title;
  if (f.config === undefined) delete p.config;
  else p.config = f.config;
  // The forms are the server's latest (a run may have changed them); only the values are this page's.
  const params = f.settings?.params;
  if (params !== undefined) p.settings = { ...p.settings, params };
  else if (p.settings) delete p.settings.params;
}

/** The server's copy of a paragraph, which keeps this page's unconfirmed commit in view (the file's notes). */
function receiveParagraph(state: ParagraphsState, incoming: Paragraph, msgId: string | undefined): void {
  const waiting = state.unconfirmed[incoming.id];
  const local = state.entities[incoming.id];
  if (waiting) {
    const at = msgId === undefined ? -1 : waiting.msgIds.indexOf(msgId);
    // Frames arrive in the order the server handled the commits: an echo confirms every commit before it too.
    if (at >= 0) waiting.msgIds.splice(0, at + 1);
    waiting.server = committedFields(incoming);
    if (waiting.msgIds.length === 0) delete state.unconfirmed[incoming.id];
    else if (local) {
      const kept = committedFields(local);
      paragraphsAdapter.setOne(state, incoming);
      withFields(state.entities[incoming.id]!, kept);
      return;
    }
  }
  paragraphsAdapter.setOne(state, incoming);
}

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
  return { ...state, revision: null, ids, entities, unconfirmed: {} };
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
