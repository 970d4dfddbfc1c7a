/** The handler table: one entry per client op of protocol/ops.ts; a missing op does not compile. */
import type { HandlerTable } from '../context';
import { angularHandlers } from './angular';
import { executionHandlers } from './execution';
import { formHandlers } from './forms';
import { heliumHandlers } from './helium';
import { interpreterHandlers } from './interpreters';
import { jobHandlers } from './jobs';
import { miscHandlers } from './misc';
import { noteHandlers } from './notes';
import { paragraphHandlers } from './paragraphs';
import { revisionHandlers } from './revisions';

export const handlers: HandlerTable = {
  ...noteHandlers,
  ...paragraphHandlers,
  ...formHandlers,
  ...jobHandlers,
  ...interpreterHandlers,
  ...miscHandlers,
  ...executionHandlers,
  ...angularHandlers,
  ...revisionHandlers,
  ...heliumHandlers,
};
