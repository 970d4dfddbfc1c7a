/** The admin pages' slices, spread into the root reducer as one group. */
import { adminClusterSlice } from './adminCluster';
import { adminConfigurationsSlice } from './adminConfigurations';
import { adminCredentialsSlice } from './adminCredentials';
import { adminHeliumSlice } from './adminHelium';
import { adminNotebookReposSlice } from './adminNotebookRepos';
import { adminInterpretersSlice } from './adminInterpreters';

export const adminSlices = [adminCredentialsSlice, adminConfigurationsSlice, adminNotebookReposSlice, adminHeliumSlice, adminClusterSlice, adminInterpretersSlice] as const;
