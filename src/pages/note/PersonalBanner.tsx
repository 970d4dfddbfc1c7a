import { useAppSelector } from '../../app/hooks';
import { selectIsNoteOwner, selectOpenMeta } from '../../../slices/noteSelectors';

export const PERSONAL_VIEW_TEXT = 'Personal view: results and form values here are yours only';

/**
 * Says which view of a personalized note is on screen, for every user: the toolbar toggle is only offered to
 * owners, so this is how everybody else learns that the results they see are their own.
 */
export function PersonalBanner() {
  const meta = useAppSelector(selectOpenMeta);
  const owner = useAppSelector(selectIsNoteOwner);
  const principal = useAppSelector((s) => s.session.principal);
  if (meta?.config?.personalizedMode !== 'true') return null;
  return (
    <div className="personal-banner" role="status" aria-label="Personal view">
      <strong>{PERSONAL_VIEW_TEXT}</strong>
      {principal && principal !== 'anonymous' && <span className="personal-banner-user"> ({principal})</span>}
      <span className="personal-banner-hint">
        {owner ? ' The code stays shared. Use "Switch to collaboration mode" to share results again.' : ' The code stays shared. Only the note\'s owners can switch modes.'}
      </span>
    </div>
  );
}
