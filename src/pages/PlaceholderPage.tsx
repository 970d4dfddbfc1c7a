const TITLES: Record<string, string> = {
  jobmanager: 'Job', interpreter: 'Interpreters', notebookRepos: 'Notebook Repos', credential: 'Credentials',
  helium: 'Helium', configuration: 'Configurations', search: 'Search', cluster: 'Cluster', clusterNode: 'Cluster node',
};

/** Pages whose issues have not landed yet show their name and say so, rather than pretending. */
export function PlaceholderPage({ page }: { page: string }) {
  return (
    <main className="page">
      <h1>{TITLES[page] ?? page}</h1>
      <p>This page is not available yet.</p>
    </main>
  );
}
