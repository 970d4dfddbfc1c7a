/**
 * This server seen as a one-node cluster (the cluster pages): the node itself and its interpreter processes,
 * which here are the interpreter sessions of the SessionManager. Status numbers follow the pages' colour code
 * (taken modulo 6): 0 started-idle ring, 1 running green, 2 busy orange, 3 failed red, 4 stopped gray, 5 working.
 */
import { hostname } from 'node:os';
import type { InterpreterSession, SessionManager } from '../interpreters/sessions';

export const STATUS = { IDLE: 0, ONLINE: 1, BUSY: 2, FAILED: 3, OFFLINE: 4, WORKING: 5 } as const;

export interface ClusterEntry {
  node: Record<string, string | number>;
  properties: Record<string, string | number>;
}

export interface ClusterInfo {
  nodeName: string;
  host: string;
  port: number;
  startedAt: Date;
}

export const nodeNameOf = (host: string, port: number): string => `${hostname()}:${host}:${port}`;

function processStatus(s: InterpreterSession): number {
  if (s.closed) return STATUS.OFFLINE;
  if (s.scheduler.running) return s.scheduler.size > 1 ? STATUS.BUSY : STATUS.WORKING;
  return s.running().length > 0 ? STATUS.ONLINE : STATUS.IDLE;
}

/** The process name a node page URL uses: the setting name plus its session scope, e.g. `python-shared_process`. */
export const processName = (s: InterpreterSession): string => `${s.setting.name}-${s.noteId ?? 'shared_process'}`;

export function clusterNodes(info: ClusterInfo, sessions: SessionManager): ClusterEntry[] {
  const procs = sessions.all();
  return [{
    node: { NODE_NAME: info.nodeName, STATUS: STATUS.ONLINE },
    properties: {
      SERVER_HOST: info.host,
      SERVER_PORT: info.port,
      SERVER_START_TIME: info.startedAt.toISOString(),
      STATUS: STATUS.ONLINE,
      INTP_PROCESS_COUNT: procs.length,
      INTP_PROCESS_LIST: procs.map(processName).join(','),
      PROCESS_MEMORY_USED: process.memoryUsage().rss,
    },
  }];
}

/** The interpreter processes of `nodeName`; `intpName` narrows to one process, '*' or unknown names list all. */
export function nodeProcesses(info: ClusterInfo, sessions: SessionManager, nodeName: string, intpName: string): ClusterEntry[] | undefined {
  if (nodeName !== info.nodeName) return undefined;
  const all = sessions.all();
  const chosen = all.some((s) => processName(s) === intpName) ? all.filter((s) => processName(s) === intpName) : all;
  return chosen.map((s) => ({
    node: { NODE_NAME: info.nodeName, INTP_PROCESS_NAME: processName(s), STATUS: processStatus(s) },
    properties: {
      INTP_PROCESS_NAME: processName(s),
      INTP_SETTING_ID: s.setting.id,
      INTP_GROUP: s.setting.group,
      INTP_SESSION_ID: s.id,
      INTP_NOTE_ID: s.noteId ?? '',
      INTP_OPEN_INTERPRETERS: s.running().length,
      INTP_QUEUED_JOBS: s.scheduler.size,
      STATUS: processStatus(s),
    },
  }));
}
