import { useAppSelector } from '../../app/hooks';
import type { ParagraphId } from '../../../protocol';
import { selectStaleReasons } from '../../../slices/noteSelectors';

/**
 * "Stale" beside the paragraph's status when its result no longer matches its text, forms or inputs
 * (slices/domain/staleness.ts); the reasons show on hover and are the marker's accessible description.
 */
export function StaleMarker({ id }: { id: ParagraphId }) {
  const reasons = useAppSelector((s) => selectStaleReasons(s)[id]?.join(' ') ?? '');
  if (!reasons) return null;
  const describedBy = `stale-reason-${id}`;
  return (
    <>
      <span className="stale-marker" role="status" title={reasons} aria-describedby={describedBy} tabIndex={0}>Stale</span>
      <span id={describedBy} className="sr-only">{reasons}</span>
    </>
  );
}
