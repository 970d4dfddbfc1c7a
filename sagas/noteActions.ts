/**
 * Note and folder actions behind the dialogs: confirmations, the interpreter list for "Create new note", cloning
 * from anywhere, and the two-step import (file or URL, checked the way Zeppelin's dialog checks them).
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { noteDialogs } from '../slices/noteDialogs';
import { ui } from '../slices/ui';
import { selectOpenNoteId } from '../slices/notes';
import { wsIn, wsOut } from '../slices/wsActions';
import type { JsonObject } from '../protocol';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';

/** Spec: the import dialog moves between its steps after 400 ms. */
export const IMPORT_STEP_DELAY_MS = 400;

export const IMPORT_ERRORS = {
  tooLarge: 'File size limit Exceeded!',
  noUrl: 'Enter URL',
  fetchFailed: 'Unable to Fetch URL',
  notJson: 'JSON parse exception',
  invalid: 'Invalid JSON',
} as const;

const nonEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/** A notebook file's name without its folder and `.ipynb`, the name its note gets. */
const notebookName = (fileName: string): string => (fileName.split(/[\\/]/).pop() ?? '').replace(/\.ipynb$/i, '').trim();

/**
 * Reads an import text: a Zeppelin note (non-empty `paragraphs`) or a Jupyter notebook (non-empty `cells`). A
 * non-blank custom name replaces the file's own; a notebook, which has no name of its own, is named after its file.
 */
export function parseImport(text: string, customName: string, fileName = ''): { note: JsonObject } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: IMPORT_ERRORS.notJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: IMPORT_ERRORS.invalid };
  const note = value as JsonObject;
  if (!nonEmptyList(note.paragraphs) && !nonEmptyList(note.cells)) return { error: IMPORT_ERRORS.invalid };
  const name = customName.trim() || (nonEmptyList(note.cells) && !nonEmptyList(note.paragraphs) ? notebookName(fileName) : '');
  return { note: name ? { ...note, name } : note };
}

function* importText(text: string, customName: string, fileName?: string): SagaIterator<void> {
  const parsed = parseImport(text, customName, fileName);
  if ('error' in parsed) yield put(noteDialogs.importFailed(parsed.error));
  else yield put(wsOut.IMPORT_NOTE({ note: parsed.note }));
}

const IMPORTABLE = 'Choose a Zeppelin note (.zpln or .json) or a Jupyter notebook (.ipynb).';
const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** What was wrong with a refused file, in words that name it and what the dialog takes. */
export function importProblem(error: string, fileName: string, text: string, size: number, limit: number): string {
  if (error === IMPORT_ERRORS.tooLarge) return `${fileName} is ${mb(size)}; the server takes notes up to ${mb(limit)}.`;
  if (error === IMPORT_ERRORS.notJson) {
    let why = '';
    try {
      JSON.parse(text);
    } catch (e) {
      why = ` (${(e as Error).message})`;
    }
    return `${fileName} is not JSON${why}. ${IMPORTABLE}`;
  }
  return `${fileName} has neither "paragraphs" (a Zeppelin note) nor "cells" (a Jupyter notebook). ${IMPORTABLE}`;
}

function* onImportFile(action: ReturnType<typeof noteDialogs.importFileChosen>): SagaIterator<void> {
  const limit: number = yield select((s: RootState) => s.server.wsMaxMessageSize);
  const { fileName, size, text, name } = action.payload;
  const parsed = size > limit ? { error: IMPORT_ERRORS.tooLarge } : parseImport(text, name, fileName);
  if ('error' in parsed) {
    yield put(noteDialogs.importFileRefused({ error: parsed.error, detail: importProblem(parsed.error, fileName, text, size, limit) }));
    return;
  }
  yield put(wsOut.IMPORT_NOTE({ note: parsed.note }));
}

function* onImportUrl(deps: SagaDeps, action: ReturnType<typeof noteDialogs.importUrlSubmitted>): SagaIterator<void> {
  const url = action.payload.url.trim();
  if (!url) {
    yield put(noteDialogs.importFailed(IMPORT_ERRORS.noUrl));
    return;
  }
  let text: string;
  try {
    text = yield call(deps.fetchUrl, url);
  } catch {
    yield put(noteDialogs.importFailed(IMPORT_ERRORS.fetchFailed));
    return;
  }
  yield call(importText, text, action.payload.name, url.split(/[?#]/)[0]);
}

function* onImportStep(deps: SagaDeps, action: ReturnType<typeof noteDialogs.importStepRequested>): SagaIterator<void> {
  yield call(deps.sleep, IMPORT_STEP_DELAY_MS);
  yield put(noteDialogs.importStepShown(action.payload));
}

/** CLONE_NOTE clones the note the connection has open (PROTOCOL 2.1), so another note is opened first. */
function* onClone(action: ReturnType<typeof noteDialogs.cloneRequested>): SagaIterator<void> {
  const { noteId, name } = action.payload;
  const openId: string | null = yield select(selectOpenNoteId);
  if (openId !== noteId) {
    yield put(wsOut.GET_NOTE({ id: noteId }));
    const r: { note?: unknown } = yield race({
      note: take((a: Action) => wsIn.NOTE.match(a) && a.payload.note?.id === noteId),
      failed: take([wsIn.ERROR_INFO.type, wsIn.AUTH_INFO.type]),
      cancelled: take(noteDialogs.closed.type),
    });
    if (!r.note) return;
  }
  yield put(wsOut.CLONE_NOTE({ id: noteId, name }));
}

function* onConfirmed(action: ReturnType<typeof noteDialogs.confirmed>): SagaIterator<void> {
  // The carried action comes out of frozen state; redux-saga marks what it puts, so it needs an own copy.
  yield put({ ...action.payload });
}

/** Our server says what a notebook import brought in (IMPORT_NOTE `message`). */
function* onImported(action: ReturnType<typeof wsIn.IMPORT_NOTE>): SagaIterator<void> {
  if (action.payload.message) yield put(ui.toastShown({ text: action.payload.message, level: 'success' }));
}

function* onCreateOpened(): SagaIterator<void> {
  yield put(wsOut.GET_INTERPRETER_SETTINGS({}));
}

export function* noteActionsSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(noteDialogs.confirmed.type, onConfirmed);
  yield takeEvery(noteDialogs.createOpened.type, onCreateOpened);
  yield takeEvery(wsIn.IMPORT_NOTE.type, onImported);
  yield takeLatest(noteDialogs.cloneRequested.type, onClone);
  yield takeLatest(noteDialogs.importStepRequested.type, onImportStep, deps);
  yield takeLatest(noteDialogs.importFileChosen.type, onImportFile);
  yield takeLatest(noteDialogs.importUrlSubmitted.type, onImportUrl, deps);
}
