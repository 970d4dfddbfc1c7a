import { Router } from 'wouter';
import { useHashPath } from './app/hashLocation';
import { useAppSelector } from './app/hooks';
import { Dialogs } from './components/Dialogs';
import { Navbar } from './components/Navbar';
import { RouteSync } from './components/RouteSync';
import { Toasts } from './components/Toasts';
import { PageForRoute } from './pages/PageForRoute';
import { ReplayPage } from './pages/ReplayPage';
import { selectRouteMatch } from '../slices/route';

export function App() {
  const match = useAppSelector(selectRouteMatch);
  return (
    <Router hook={useHashPath}>
      <RouteSync />
      <Navbar />
      {match.page === 'replay' ? <ReplayPage /> : <PageForRoute />}
      <Toasts />
      <Dialogs />
    </Router>
  );
}
