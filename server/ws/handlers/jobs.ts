/** Job manager (PROTOCOL 2.5), fed from stored paragraph statuses. */
import { noteJobInfo } from '../../notes/jobs';
import { JOB_MANAGER_ROOM } from '../connections';
import type { Ctx, HandlerTable } from '../context';
import { isInFolder, TRASH_PREFIX } from '../../notes/paths';

const jobs = (ctx: Ctx, since = 0) => ctx.s.broadcasts.jobsVisibleTo(
  ctx.s.notebook.all().filter((e) => !isInFolder(e.path, TRASH_PREFIX)).map((e) => noteJobInfo(e)).filter((j) => j.unixTimeLastRun > since),
  { user: ctx.user, roles: ctx.roles },
);

export const jobHandlers = {
  LIST_NOTE_JOBS: (_data, ctx) => {
    ctx.s.connections.join(ctx.conn, JOB_MANAGER_ROOM);
    if (!ctx.s.broadcasts.jobManagerEnabled()) {
      ctx.reply('JOB_MANAGER_DISABLED', { errorMessage: 'Job Manager is disabled in the current configuration.' });
      return;
    }
    ctx.reply('LIST_NOTE_JOBS', { noteJobs: { lastResponseUnixTime: Date.now(), jobs: jobs(ctx) } });
  },

  LIST_UPDATE_NOTE_JOBS: ({ lastUpdateUnixTime }, ctx) => {
    if (!ctx.s.broadcasts.jobManagerEnabled()) {
      ctx.reply('JOB_MANAGER_DISABLED', { errorMessage: 'Job Manager is disabled in the current configuration.' });
      return;
    }
    const since = Number(lastUpdateUnixTime ?? 0) || 0;
    ctx.reply('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: Date.now(), jobs: jobs(ctx, since) } });
  },

  UNSUBSCRIBE_UPDATE_NOTE_JOBS: (_data, ctx) => {
    if (ctx.conn.room === JOB_MANAGER_ROOM) ctx.s.connections.leave(ctx.conn);
  },
} satisfies Partial<HandlerTable>;
