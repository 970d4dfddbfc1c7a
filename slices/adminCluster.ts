/** The cluster pages (`#/cluster`, `#/cluster/{node}/{intp}`): nodes, and one node's interpreter processes. */
import { createSlice } from '@reduxjs/toolkit';
import { loadCases, type LoadStatus } from './adminAccess';

export interface ClusterEntry {
  node: Record<string, string | number>;
  properties: Record<string, string | number>;
}

export interface AdminClusterState {
  status: LoadStatus;
  nodes: ClusterEntry[];
  detailStatus: LoadStatus;
  detail: ClusterEntry[];
}

const initialState: AdminClusterState = { status: 'idle', nodes: [], detailStatus: 'idle', detail: [] };

/** Spec: the status number modulo 6 picks the icon and colour. */
export const STATUS_LOOK: ReadonlyArray<{ label: string; className: string }> = [
  { label: 'idle', className: 'status-0 green circle-o' },
  { label: 'running', className: 'status-1 green' },
  { label: 'busy', className: 'status-2 orange' },
  { label: 'failed', className: 'status-3 red' },
  { label: 'stopped', className: 'status-4 gray' },
  { label: 'working', className: 'status-5 blue spinner' },
];

export function statusLook(status: unknown): { label: string; className: string } {
  const n = Number(status);
  const i = Number.isFinite(n) ? ((Math.trunc(n) % 6) + 6) % 6 : 4;
  return STATUS_LOOK[i];
}

const nodes = loadCases<AdminClusterState, ClusterEntry[]>('status', (state, list) => {
  state.nodes = list;
});
const node = loadCases<AdminClusterState, ClusterEntry[]>('detailStatus', (state, list) => {
  state.detail = list;
});

export const adminClusterSlice = createSlice({
  name: 'adminCluster',
  initialState,
  reducers: {
    nodesRequested: nodes.requested,
    nodesLoaded: nodes.loaded,
    nodesFailed: nodes.failed,
    nodeRequested: node.requested,
    nodeLoaded: node.loaded,
    nodeFailed: node.failed,
  },
  selectors: {
    selectCluster: (s) => s,
  },
});

export const adminCluster = adminClusterSlice.actions;
export const { selectCluster } = adminClusterSlice.selectors;
