import { useAppSelector } from '../app/hooks';
import { selectRouteMatch } from '../../slices/route';
import { HomePage } from './HomePage';
import { NotePage } from './NotePage';
import { PlaceholderPage } from './PlaceholderPage';
import { JobManagerPage } from './jobmanager/JobManagerPage';
import { SearchPage } from './search/SearchPage';
import { CredentialPage } from './admin/credential/CredentialPage';
import { InterpreterPage } from './admin/interpreter/InterpreterPage';
import { ConfigurationPage } from './admin/configuration/ConfigurationPage';
import { NotebookReposPage } from './admin/notebookRepos/NotebookReposPage';
import { HeliumPage } from './admin/helium/HeliumPage';
import { ClusterNodePage, ClusterPage } from './admin/cluster/ClusterPages';

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
    case 'jobmanager':
      return <JobManagerPage />;
    case 'search':
      return <SearchPage term={match.term} />;
    case 'credential':
      return <CredentialPage />;
    case 'interpreter':
      return <InterpreterPage />;
    case 'configuration':
      return <ConfigurationPage />;
    case 'notebookRepos':
      return <NotebookReposPage />;
    case 'helium':
      return <HeliumPage />;
    case 'cluster':
      return <ClusterPage />;
    case 'clusterNode':
      return <ClusterNodePage nodeName={match.nodeName} intpName={match.intpName} />;
    default:
      // Every route has its page today; a route added later shows the placeholder until its page lands.
      return <PlaceholderPage page={(match as { page: string }).page} />;
  }
}
