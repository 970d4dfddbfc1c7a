import { useAppSelector } from '../app/hooks';
import { selectRouteMatch } from '../../slices/route';
import { HomePage } from './HomePage';
import { NotePage } from './NotePage';
import { PlaceholderPage } from './PlaceholderPage';

/** Renders the page for the store's route, so a replayed log shows the same page the user saw. */
export function PageForRoute() {
  const match = useAppSelector(selectRouteMatch);
  switch (match.page) {
    case 'home':
    case 'unknown':
      return <HomePage />;
    case 'note':
      return <NotePage match={match} />;
    case 'replay':
      return null;
    default:
      return <PlaceholderPage page={match.page} />;
  }
}
