/** Selectors of the note page over the whole store; each returns the smallest piece a component needs. */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from './rootReducer';
import { selectOpenNoteParagraphIds } from './notes';
import { formValues, type Paragraph, type ParagraphId } from '../protocol';
import { colWidthOf, findMatches, gridRows, isRunning, isViewOnly, isOwner, type Principal } from './domain/noteModel';
import { runStalePlan, staleReasons, type StaleInput } from './domain/staleness';

export const selectOpenMeta = (s: RootState) => (s.notes.openNoteId ? s.notes.byId[s.notes.openNoteId] ?? null : null);

export const selectIsRevision = (s: RootState): boolean => s.route.match.page === 'note' && !!s.route.match.revisionId;

/**
 * The unsaved drafts the page shows: the live note's. A revision shows its own text; the drafts stay in the store
 * for the way back.
 */
const NO_DRAFTS: Record<ParagraphId, string> = {};
export const selectShownDrafts = (s: RootState): Record<ParagraphId, string> => (selectIsRevision(s) ? NO_DRAFTS : s.notePage.drafts);

/** What the editor shows: the unsaved draft, else the server's text. */
export const selectText = (s: RootState, id: ParagraphId): string => selectShownDrafts(s)[id] ?? s.paragraphs.entities[id]?.text ?? '';

const selectPrincipalInfo = createSelector(
  [(s: RootState) => s.session.principal, (s: RootState) => s.session.roles],
  (name, roles): Principal => ({ name, roles }),
);

export const selectNoteRunning = (s: RootState): boolean => !!selectOpenMeta(s)?.info?.isRunning;

export const selectViewOnly = (s: RootState): boolean =>
  selectIsRevision(s) || isViewOnly(selectOpenMeta(s)?.config, s.notePage.permissions, selectPrincipalInfo(s));

export const selectIsNoteOwner = (s: RootState): boolean => isOwner(s.notePage.permissions, selectPrincipalInfo(s));

/** Edits and runs are refused in view-only and revision views, and while the whole note runs. */
export const selectEditBlocked = (s: RootState): boolean => selectViewOnly(s) || selectNoteRunning(s);

/** Spec: the editor is read-only while the paragraph or the note runs, and in revision (or view-only) view. */
export const selectEditorReadOnly = (s: RootState, id: ParagraphId): boolean =>
  selectEditBlocked(s) || isRunning(s.paragraphs.entities[id]?.status);

export const selectOrderedParagraphs = createSelector(
  [selectOpenNoteParagraphIds, (s: RootState) => s.paragraphs.entities],
  (ids, entities): Paragraph[] => ids.map((id) => entities[id]).filter((p): p is Paragraph => !!p),
);

/**
 * Each paragraph's staleness input, kept while the fields it is made of are the same objects: streamed output
 * replaces a paragraph on every append, and the rules need not run again for that.
 */
const staleInputs = new Map<ParagraphId, { p: Paragraph; draft: string | undefined; input: StaleInput }>();
const STALE_INPUTS_MAX = 5000;

const sameFields = (a: Paragraph, b: Paragraph): boolean =>
  a === b || (a.text === b.text && a.title === b.title && a.status === b.status && a.config?.enabled === b.config?.enabled
    && a.settings === b.settings && a.lastRun === b.lastRun);

function staleInput(p: Paragraph, draft: string | undefined): StaleInput {
  const kept = staleInputs.get(p.id);
  if (kept && kept.draft === draft && sameFields(kept.p, p)) {
    kept.p = p;
    return kept.input;
  }
  const input: StaleInput = {
    id: p.id, text: draft ?? p.text ?? '', title: p.title, status: p.status, enabled: p.config?.enabled !== false,
    params: formValues(p.settings?.params, p.settings?.forms), lastRun: p.lastRun,
  };
  if (staleInputs.size >= STALE_INPUTS_MAX) staleInputs.clear();
  staleInputs.set(p.id, { p, draft, input });
  return input;
}

/** The last answer of selectStaleInputs and what it was made from. */
let lastInputs: { ids: readonly ParagraphId[]; edits: number; drafts: Record<ParagraphId, string>; inputs: StaleInput[] } | null = null;

/**
 * The open note's paragraphs as the staleness rules read them, each with the text the page shows. The same array
 * while only output streamed in (`edits` stays), so the rules, memoized on it, do not run again for each frame.
 */
export function selectStaleInputs(s: RootState): StaleInput[] {
  const ids = selectOpenNoteParagraphIds(s);
  const { entities, edits } = s.paragraphs;
  const drafts = selectShownDrafts(s);
  const last = lastInputs;
  if (last && last.ids === ids && last.edits === edits && last.drafts === drafts) return last.inputs;
  const inputs = ids.flatMap((id) => {
    const p = entities[id];
    return p ? [staleInput(p, drafts[id])] : [];
  });
  // Unchanged inputs keep the array, so the rules' memo still holds (a PROGRESS frame changes nothing they read).
  const kept = last && last.inputs.length === inputs.length && last.inputs.every((x, i) => x === inputs[i]) ? last.inputs : inputs;
  lastInputs = { ids, edits, drafts, inputs: kept };
  return kept;
}

/** Why each stale paragraph of the open note is stale; a revision shows none. */
export const selectStaleReasons = createSelector(
  [selectStaleInputs, (s: RootState) => selectOpenMeta(s)?.noteParams, (s: RootState) => selectOpenMeta(s)?.noteForms, selectIsRevision],
  (inputs, noteParams, noteForms, revision): Record<ParagraphId, string[]> => (revision ? {} : staleReasons(inputs, formValues(noteParams, noteForms))),
);

/** What "Run stale" would run, in note order. */
export const selectRunStalePlan = createSelector([selectStaleInputs, selectStaleReasons], runStalePlan);

export const selectIsAsIframe = (s: RootState): boolean => new URLSearchParams(s.route.search).has('asIframe');

export interface FindHit {
  id: ParagraphId;
  start: number;
  end: number;
}

/** Every find-and-replace hit across the note, in paragraph order. */
export const selectFindHits = createSelector(
  [selectOrderedParagraphs, selectShownDrafts, (s: RootState) => s.notePage.find.term, (s: RootState) => s.notePage.find.open],
  (ps, drafts, term, open): FindHit[] => {
    if (!open || !term) return [];
    const hits: FindHit[] = [];
    for (const p of ps) for (const [start, end] of findMatches(drafts[p.id] ?? p.text ?? '', term)) hits.push({ id: p.id, start, end });
    return hits;
  },
);

export const selectCurrentHit = (s: RootState): FindHit | null => {
  const hits = selectFindHits(s);
  return hits.length ? hits[Math.min(s.notePage.find.current, hits.length - 1)] : null;
};

/** The open note's paragraph ids in grid rows (by each paragraph's column width). */
export const selectOpenNoteRows = createSelector(
  [selectOpenNoteParagraphIds, (s: RootState) => s.paragraphs.entities],
  (ids, entities): ParagraphId[][] => gridRows(ids, (id) => colWidthOf(entities[id]?.config)),
);

/** Rows with the same ids in the same places: the grid need not be drawn again. */
export function sameRows(a: ParagraphId[][], b: ParagraphId[][]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((row, i) => row.length === b[i].length && row.every((id, k) => id === b[i][k]));
}
