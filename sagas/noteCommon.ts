/** Building blocks shared by the note-page sagas: payloads built from the store, and the guards every edit passes. */
import type { SagaIterator } from 'redux-saga';
import { getContext, put, select } from 'redux-saga/effects';
import { wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { FormParams, Paragraph, ParagraphConfig, ParagraphId, RunAllEntry } from '../protocol';
import { selectEditBlocked, selectOpenMeta, selectOrderedParagraphs, selectText } from '../slices/noteSelectors';
import { makePatchText } from '../protocol/textPatch';
import { sagaDeps } from './deps';

export interface ParagraphChanges {
  title?: string;
  text?: string;
  params?: FormParams;
  config?: ParagraphConfig;
  /** Collaborative mode: the text change as a patch against the text last shared (COMMIT_PARAGRAPH's `patch`). */
  patch?: string;
}

/** The open note's id and the paragraph with its current text, or null when either is gone. */
export function* paragraphContext(id: ParagraphId): SagaIterator<{ noteId: string; p: Paragraph; text: string } | null> {
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  const p = s.paragraphs.entities[id];
  if (!meta || !p) return null;
  return { noteId: meta.id, p, text: selectText(s, id) };
}

export function* editBlocked(): SagaIterator<boolean> {
  const blocked: boolean = yield select(selectEditBlocked);
  return blocked;
}

/**
 * COMMIT_PARAGRAPH with the paragraph's current text, title, params and config, overridden by `changes`. It carries
 * its `msgId` from here (not from the socket): the server echoes it on the PARAGRAPH that confirms the commit, and the
 * paragraphs slice keeps this page's change in view until then (see its notes).
 */
export function* commitParagraph(id: ParagraphId, changes: ParagraphChanges = {}): SagaIterator<boolean> {
  if (yield* editBlocked()) return false;
  const ctx = yield* paragraphContext(id);
  if (!ctx) return false;
  const { p, noteId, text } = ctx;
  const deps = yield* sagaDeps();
  const commit = wsOut.COMMIT_PARAGRAPH({
    id, noteId, title: changes.title ?? p.title ?? '', paragraph: changes.text ?? text,
    params: changes.params ?? p.settings?.params ?? {}, config: { ...p.config, ...changes.config },
    ...(changes.patch === undefined ? {} : { patch: changes.patch }),
  });
  yield put({ ...commit, meta: { msgId: deps.newMsgId() } });
  return true;
}

/** Per paragraph, the text this page last shared while collaborating (its patches are made against it). */
export type SharedBase = Map<ParagraphId, string>;
/**
 * Saga context key: the root saga sets one SharedBase that every saga typing, saving or running shares (the note
 * page's, and Helium's browser-driven run-all).
 */
export const SHARED_BASE = 'collabSharedBase';

export function* sharedBase(): SagaIterator<SharedBase> {
  const base: SharedBase = yield getContext(SHARED_BASE);
  return base;
}

function runEntry(p: Paragraph, text: string): RunAllEntry {
  return { id: p.id, title: p.title, paragraph: text, config: p.config ?? {}, params: p.settings?.params ?? {} };
}

/**
 * The RUN_ALL_PARAGRAPHS entries of these paragraphs, each with its current editor text; while collaborating each
 * also carries our own change as a patch, as a single run does.
 */
export function* runAllEntries(ps: Paragraph[]): SagaIterator<RunAllEntry[]> {
  const s: RootState = yield select();
  const base = s.notes.collaborative.status ? yield* sharedBase() : undefined;
  return ps.map((p) => {
    const text = selectText(s, p.id);
    if (!base) return runEntry(p, text);
    const patch = makePatchText(base.get(p.id) ?? p.text ?? '', text);
    base.set(p.id, text);
    return { ...runEntry(p, text), patch };
  });
}

/** RUN_ALL_PARAGRAPHS for a slice of the note (all, above, below). */
export function* runMany(pick: (ps: Paragraph[]) => Paragraph[]): SagaIterator<void> {
  if (yield* editBlocked()) return;
  const s: RootState = yield select();
  const meta = selectOpenMeta(s);
  if (!meta) return;
  const entries: RunAllEntry[] = yield* runAllEntries(pick(selectOrderedParagraphs(s)));
  if (entries.length === 0) return;
  yield put(wsOut.RUN_ALL_PARAGRAPHS({ noteId: meta.id, paragraphs: JSON.stringify(entries) }));
}
