/**
 * "Import new note" in two steps: 1. choose a file (.zpln, .json, .ipynb) or go to the URL step; 2. enter a URL.
 * Checks and the import itself run in the noteActions saga; this only reads the chosen file's text.
 */
import { useState, type ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noteDialogs, type ImportStep } from '../../../slices/noteDialogs';
import { Modal } from '../Modal';

const BYTES_PER_MB = 1024 * 1024;

/** The size limit as the dialog states it: the server's max websocket message size in MB, rounded. */
export const limitInMb = (bytes: number): number => Math.round(bytes / BYTES_PER_MB);

export function ImportNoteDialog({ step, error, detail, pending }: { step: ImportStep; error: string | null; detail?: string; pending: boolean }) {
  const dispatch = useAppDispatch();
  const limit = useAppSelector((s) => s.server.wsMaxMessageSize);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const close = () => dispatch(noteDialogs.closed());

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    // An oversized file is refused by the saga from its size alone; reading it would only cost memory.
    const text = file.size > limit ? '' : await file.text();
    dispatch(noteDialogs.importFileChosen({ name, fileName: file.name, size: file.size, text }));
    input.value = '';
  };

  const submitUrl = () => dispatch(noteDialogs.importUrlSubmitted({ name, url }));

  return (
    <Modal title="Import new note" onClose={close} footer={<>
      {step === 2 && <button type="button" onClick={() => dispatch(noteDialogs.importStepRequested(1))}>Back</button>}
      <button type="button" onClick={close}>Cancel</button>
      {step === 2 && <button type="button" className="btn-primary" disabled={pending} onClick={submitUrl}>Import</button>}
    </>}>
      <label>Import As
        <input type="text" value={name} placeholder="Note name (optional)" onChange={(e) => setName(e.target.value)} />
      </label>
      {step === 1 ? (
        <div className="import-choices">
          <label className="file-choice">Choose a note file (.zpln, .json or .ipynb)
            <input type="file" accept=".zpln,.json,.ipynb" disabled={pending} onChange={(e) => { void onFile(e); }} />
          </label>
          <button type="button" onClick={() => dispatch(noteDialogs.importStepRequested(2))}>Add from URL</button>
          <p className="hint">A Zeppelin note (.zpln, .json) or a Jupyter notebook (.ipynb), up to {limitInMb(limit)} MB</p>
        </div>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); submitUrl(); }}>
          <label>URL
            <input type="url" value={url} autoFocus placeholder="https://…" onChange={(e) => setUrl(e.target.value)} />
          </label>
        </form>
      )}
      {pending && <p role="status">Importing…</p>}
      {error && <p className="error" role="alert">{detail ? `${error}: ${detail}` : error}</p>}
    </Modal>
  );
}
