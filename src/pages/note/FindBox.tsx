import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notePage } from '../../../slices/notePage';
import { FIND_BOX_WIDTH } from '../../../slices/domain/noteModel';
import { selectEditBlocked, selectFindHits } from '../../../slices/noteSelectors';

/** Find and replace across every paragraph's text (spec: box width 350). */
export function FindBox() {
  const dispatch = useAppDispatch();
  const find = useAppSelector((s) => s.notePage.find);
  const hits = useAppSelector(selectFindHits);
  const blocked = useAppSelector(selectEditBlocked);
  if (!find.open) return null;
  const current = hits.length ? Math.min(find.current, hits.length - 1) : 0;
  const go = (delta: number) => {
    if (!hits.length) return;
    const next = (current + delta + hits.length) % hits.length;
    dispatch(notePage.findMoved({ current: next }));
    dispatch(notePage.focused({ id: hits[next].id }));
    // The paragraph may be far from the rows drawn: the grid scrolls to it by its offset.
    dispatch(notePage.revealRequested({ id: hits[next].id }));
  };
  return (
    <div className="find-box" role="search" aria-label="Find and replace" style={{ width: FIND_BOX_WIDTH }}>
      <input aria-label="Find" placeholder="Find" autoFocus value={find.term} onChange={(e) => dispatch(notePage.findTermChanged(e.target.value))}
        onKeyDown={(e) => { if (e.key === 'Enter') go(e.shiftKey ? -1 : 1); if (e.key === 'Escape') dispatch(notePage.findClosed()); }} />
      <span className="find-count" role="status">{hits.length ? `${current + 1} of ${hits.length}` : find.term ? 'No results' : ''}</span>
      <button type="button" aria-label="Previous match" onClick={() => go(-1)} disabled={!hits.length}>↑</button>
      <button type="button" aria-label="Next match" onClick={() => go(1)} disabled={!hits.length}>↓</button>
      <button type="button" aria-label="Close find" onClick={() => dispatch(notePage.findClosed())}>×</button>
      <input aria-label="Replace" placeholder="Replace" value={find.replacement} disabled={blocked}
        onChange={(e) => dispatch(notePage.replacementChanged(e.target.value))} />
      <button type="button" disabled={blocked || !hits.length} onClick={() => dispatch(notePage.replaceRequested({ all: false }))}>Replace</button>
      <button type="button" disabled={blocked || !hits.length} onClick={() => dispatch(notePage.replaceRequested({ all: true }))}>Replace all</button>
    </div>
  );
}
