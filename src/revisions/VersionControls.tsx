/**
 * The note page's version control: toolbar controls (commit, the revision list, the comparator toggle), the commit
 * dialog, the banner of the read-only revision view with "Set revision", and the comparator panel. They only
 * select and dispatch; sagas/revisions.ts sends the ops and navigates.
 */
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { RootState } from '../../slices/rootReducer';
import { Modal } from '../components/Modal';
import { HEAD_REVISION_ID, REVISION_PROBLEM, revisions, selectRevisionHistory } from '../../slices/revisions';
import { selectViewOnly } from '../../slices/noteSelectors';
import { HEAD_REVISION, revisionDate, revisionLabel, RevisionsComparator } from './RevisionsComparator';
import 'jsondiffpatch/formatters/styles/html.css';
import './revisions.css';
import { Icon } from '../components/Icon';

/** Spec: revision controls exist only when the server's configuration says isRevisionSupported is 'true'. */
export const selectRevisionSupported = (s: RootState): boolean => s.server.configurations.isRevisionSupported === 'true';

/** Whether the server has said yet: its configuration list comes a moment after the note. */
const selectRevisionSupportKnown = (s: RootState): boolean => 'isRevisionSupported' in s.server.configurations;

export const SET_REVISION_CONFIRM =
  'Set the note to this revision? Its paragraphs and results replace the current ones; commit first to keep the current state as a revision.';

const selectRouteRevisionId = (s: RootState): string | undefined => (s.route.match.page === 'note' ? s.route.match.revisionId : undefined);

/** Toolbar part: "Version control" (commit), the revision list and "Compare revisions". */
export function VersionControls({ noteId }: { noteId: string }) {
  const dispatch = useAppDispatch();
  const supported = useAppSelector(selectRevisionSupported);
  const history = useAppSelector(selectRevisionHistory);
  const current = useAppSelector(selectRouteRevisionId);
  const viewOnly = useAppSelector(selectViewOnly);
  const comparing = useAppSelector((s) => s.revisions.comparator.open);
  const told = useAppSelector(selectRevisionSupportKnown);
  if (told && !supported) return null;
  const known = current === undefined || history.some((r) => r.id === current);
  // Until the server has said, the controls hold their place unseen and out of reach: a toolbar that gained them a
  // moment later could wrap onto a second line and move the whole page down. Only a server without revisions then
  // takes the place back.
  const waiting = !told;
  return (
    <span className="toolbar-group version-controls" inert={waiting || undefined}
      style={waiting ? { visibility: 'hidden' } : undefined}>
      <button type="button" aria-label="Version control" title="Commit this note" disabled={viewOnly}
        onClick={() => dispatch(revisions.commitDialogOpened())}><Icon name="branch" /></button>
      <select aria-label="Revision" title="Revision" value={current ?? HEAD_REVISION_ID}
        onChange={(e) => dispatch(revisions.revisionChosen({ noteId, revisionId: e.target.value }))}>
        <option value={HEAD_REVISION_ID}>{HEAD_REVISION.message}</option>
        {!known && current !== undefined && <option value={current}>{current}</option>}
        {history.map((r) => <option key={r.id} value={r.id}>{revisionLabel(r)}</option>)}
      </select>
      <button type="button" aria-label="Compare revisions" title="Compare revisions" aria-pressed={comparing}
        onClick={() => dispatch(revisions.comparatorToggled())}><Icon name="compare" /></button>
    </span>
  );
}

/** The commit dialog: a message, then CHECKPOINT_NOTE; a refusal or the server's error stays in the dialog. */
export function CommitDialog() {
  const dispatch = useAppDispatch();
  const commit = useAppSelector((s) => s.revisions.commit);
  const [message, setMessage] = useState('');
  if (!commit.open) return null;
  const close = () => {
    setMessage('');
    dispatch(revisions.commitDialogClosed());
  };
  const send = () => dispatch(revisions.commitRequested({ message }));
  const sending = commit.status === 'sending';
  return (
    <Modal title="Commit this note" onClose={close} footer={<>
      <button type="button" onClick={close}>Cancel</button>
      <button type="button" className="primary" disabled={sending} onClick={send}>Commit</button>
    </>}>
      <label className="form-field"><span>Commit message</span>
        <input aria-label="Commit message" autoFocus value={message} disabled={sending} onChange={(e) => setMessage(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') send(); }} />
      </label>
      {sending && <p role="status">Committing…</p>}
      {commit.error && <p role="alert" className="form-error">{commit.error}</p>}
    </Modal>
  );
}

/** Above the paragraphs of a revision: which one it is, "Set revision" (with confirmation) and the way back. */
export function RevisionBanner({ noteId, revisionId }: { noteId: string; revisionId: string }) {
  const dispatch = useAppDispatch();
  const view = useAppSelector((s) => s.revisions.view);
  const confirmOpen = useAppSelector((s) => s.revisions.setConfirmOpen);
  const pending = useAppSelector((s) => s.revisions.setPending);
  const revision = useAppSelector((s) => selectRevisionHistory(s).find((r) => r.id === revisionId));
  const status = view && view.noteId === noteId && view.revisionId === revisionId ? view.status : 'loading';
  if (status === 'failed') {
    return <div className="revision-banner is-failed" role="alert">{REVISION_PROBLEM}</div>;
  }
  const date = revision ? revisionDate(revision) : '';
  return (
    <div className="revision-banner" role="region" aria-label="Revision">
      <p>
        {status === 'loading' ? 'Loading revision…' : <>
          Revision <strong>{revision?.message ?? revisionId.slice(0, 7)}</strong>
          {date !== '' && <> of <time dateTime={new Date((revision?.time ?? 0) * 1000).toISOString()}>{date}</time></>}
          {' '}<code title={revisionId}>{revisionId.slice(0, 7)}</code> — read-only
        </>}
      </p>
      <button type="button" disabled={status !== 'shown' || pending} onClick={() => dispatch(revisions.setConfirmOpened())}>Set revision</button>
      <a href={`#/notebook/${noteId}`}>Back to the current note</a>
      {confirmOpen && (
        <Modal title="Set revision" onClose={() => dispatch(revisions.setConfirmClosed())} footer={<>
          <button type="button" onClick={() => dispatch(revisions.setConfirmClosed())}>Cancel</button>
          <button type="button" className="primary" onClick={() => dispatch(revisions.setConfirmed({ noteId, revisionId }))}>Set revision</button>
        </>}>
          <p className="dialog-text">{SET_REVISION_CONFIRM}</p>
        </Modal>
      )}
    </div>
  );
}

/** The comparator as a note-page panel, opened by "Compare revisions". */
export function RevisionsPanel() {
  const dispatch = useAppDispatch();
  const c = useAppSelector((s) => s.revisions.comparator);
  const history = useAppSelector(selectRevisionHistory);
  const supported = useAppSelector(selectRevisionSupported);
  if (!c.open || !supported) return null;
  return (
    <section className="note-panel revisions-panel" aria-label="Compare revisions">
      <header className="note-panel-head">
        <h2>Compare revisions</h2>
        <button type="button" aria-label="Close" onClick={() => dispatch(revisions.comparatorToggled())}>×</button>
      </header>
      <RevisionsComparator revisions={history} chosen={c.chosen} loaded={c.loaded} selected={c.selected}
        onChoose={(position, revisionId) => dispatch(revisions.compareChosen({ position, revisionId }))}
        onSelect={(id) => dispatch(revisions.compareParagraphSelected(id))} />
    </section>
  );
}
