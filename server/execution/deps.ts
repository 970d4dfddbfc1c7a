/** What the execution engine works with; created once per server (see app.ts). */
import type { AngularService } from '../angular/service';
import type { ZeppelinConfig } from '../config';
import type { InterpreterRegistry } from '../interpreters/settings';
import type { SessionManager } from '../interpreters/sessions';
import type { ZSessionRegistry } from '../interpreters/zsessions';
import type { Notebook } from '../notes/notebook';
import type { Broadcasts } from '../ws/broadcasts';
import type { ConnectionManager } from '../ws/connections';
import type { StatusWriter } from './status';

export interface EngineDeps {
  notebook: Notebook;
  connections: ConnectionManager;
  broadcasts: Broadcasts;
  config: ZeppelinConfig;
  interpreters: InterpreterRegistry;
  sessions: SessionManager;
  /** Runs in a session note of /api/session use that session's interpreters. */
  zsessions?: ZSessionRegistry;
  angular: AngularService;
  status: StatusWriter;
  /** The roles of a user from shiro.ini (none in anonymous mode): interpreter owners may name roles. */
  rolesOf?: (user: string) => string[];
}
