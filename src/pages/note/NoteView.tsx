import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectBundlesReady } from '../../../slices/helium';
import { notePage, selectHasDrafts, selectHasUnsent } from '../../../slices/notePage';
import type { RouteMatch } from '../../../slices/domain/routing';
import { FindBox } from './FindBox';
import { useUnloadGuard } from './hooks';
import { UNLOAD_MESSAGE } from '../../../slices/domain/noteModel';
import { NoteDialogs } from './NoteDialogs';
import { ResultHistoryDialog } from './history/ResultHistoryDialog';
import { NoteForms } from './NoteForms';
import { NotePanels } from './Panels';
import { NoteToolbar } from './NoteToolbar';
import { PersonalBanner } from './PersonalBanner';
import { ParagraphView } from './ParagraphView';
import { ParagraphGrid } from './ParagraphGrid';
import { NoteResultHost } from './results/NoteResultHost';
import { selectIsAsIframe, selectOpenMeta } from '../../../slices/noteSelectors';
import { CommandPalette, ShortcutHelp } from './ShortcutHelp';
import { useNoteShortcuts } from './useNoteShortcuts';
import { useResultViewsWhenIdle } from './results/resultViewChunk';
import { CommitDialog, RevisionBanner, RevisionsPanel } from '../../revisions/VersionControls';

function NoteParagraphs({ noteId }: { noteId: string }) {
  return (
    // One result document per note: another note starts a fresh one, without the globals of this one.
    <NoteResultHost key={noteId}>
      <ParagraphGrid noteId={noteId} />
    </NoteResultHost>
  );
}

/** Asks Stay or Leave when a link would leave the page with typed text not yet sent. */
function useLeaveGuard(active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest('a[href^="#/"]') : null;
      if (!a || a.getAttribute('target') === '_blank') return;
      e.preventDefault();
      dispatch(notePage.dialogOpened({ kind: 'leave', to: (a.getAttribute('href') ?? '#/').slice(1) }));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active, dispatch]);
}

/** `?asIframe`: one paragraph's forms and results, without the app's chrome. */
function SingleParagraph({ noteId, paragraphId }: { noteId: string; paragraphId: string }) {
  useEffect(() => {
    document.body.classList.add('as-iframe');
    return () => document.body.classList.remove('as-iframe');
  }, []);
  return (
    <main className="page note as-iframe">
      <NoteResultHost key={noteId}><ParagraphView id={paragraphId} index={0} count={1} noteId={noteId} chromeless /></NoteResultHost>
    </main>
  );
}

export function NoteView({ match }: { match: Extract<RouteMatch, { page: 'note' }> }) {
  const ready = useAppSelector(selectBundlesReady);
  const meta = useAppSelector(selectOpenMeta);
  const asIframe = useAppSelector(selectIsAsIframe);
  const hasDrafts = useAppSelector(selectHasDrafts);
  const hasUnsent = useAppSelector(selectHasUnsent);
  const open = !!meta && meta.id === match.noteId;
  const revisionFailed = useAppSelector((s) => s.revisions.view?.status === 'failed');
  // In a revision route the live note may still be in the store until NOTE_REVISION answers: not shown meanwhile.
  const revisionShown = useAppSelector((s) => s.revisions.view?.status === 'shown' && s.revisions.view.revisionId === match.revisionId);
  useNoteShortcuts(open && !asIframe);
  useUnloadGuard(hasDrafts, UNLOAD_MESSAGE);
  useLeaveGuard(hasUnsent);
  useResultViewsWhenIdle(open);
  if (!ready) return <main className="page"><p role="status">Loading plugins…</p></main>;
  // A revision that cannot be shown says so, whichever note was open before.
  if (match.revisionId !== undefined && revisionFailed) return <main className="page note"><RevisionBanner noteId={match.noteId} revisionId={match.revisionId} /></main>;
  if (!open) return <main className="page"><p role="status">Loading note…</p></main>;
  if (asIframe && match.paragraphId) return <SingleParagraph noteId={meta.id} paragraphId={match.paragraphId} />;
  const looknfeel = meta.config?.looknfeel ?? 'default';
  return (
    <main className={`page note looknfeel-${looknfeel}`}>
      <NoteToolbar />
      <PersonalBanner />
      {match.revisionId !== undefined && <RevisionBanner noteId={meta.id} revisionId={match.revisionId} />}
      <FindBox />
      <NotePanels />
      <RevisionsPanel />
      <NoteForms />
      {(match.revisionId === undefined || revisionShown) && <NoteParagraphs noteId={meta.id} />}
      <NoteDialogs />
      <CommitDialog />
      <ResultHistoryDialog />
      <ShortcutHelp />
      <CommandPalette />
    </main>
  );
}
