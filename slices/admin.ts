/** The admin pages' slices, spread into the root reducer as one group. */
import { adminClusterSlice } from './adminCluster';
import { adminConfigurationsSlice } from './adminConfigurations';
import { adminCredentialsSlice } from './adminCredentials';
import { adminHeliumSlice } from './adminHelium';
import { adminNotebookReposSlice } from './adminNotebookRepos';

export const adminSlices = [adminCredentialsSlice, adminConfigurationsSlice, adminNotebookReposSlice, adminHeliumSlice, adminClusterSlice] as const;
