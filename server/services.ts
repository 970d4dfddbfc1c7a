/** Everything a websocket handler or REST route works with, created once per server. */
import type { AngularService } from './angular/service';
import type { ZeppelinConfig } from './config';
import type { ExecutionEngine } from './execution/engine';
import type { SessionManager } from './interpreters/sessions';
import type { InterpreterRegistry } from './interpreters/settings';
import type { ZSessionRegistry } from './interpreters/zsessions';
import type { Notebook } from './notes/notebook';
import type { NoteSearch } from './notes/search';
import type { Broadcasts } from './ws/broadcasts';
import type { ConnectionManager } from './ws/connections';
import type { TicketStore } from './ws/tickets';
import type { UserDirectory } from './auth/users';
import type { NoteAuthorization } from './notes/authorization';
import type { ResultHistory } from './history/store';

export interface Services {
  config: ZeppelinConfig;
  /** `$ZEPPELIN_CONF_DIR`, absolute. */
  confDir: string;
  notebook: Notebook;
  interpreters: InterpreterRegistry;
  connections: ConnectionManager;
  broadcasts: Broadcasts;
  search: NoteSearch;
  tickets: TicketStore;
  sessions: SessionManager;
  /** The interpreter sessions of /api/session. */
  zsessions: ZSessionRegistry;
  engine: ExecutionEngine;
  angular: AngularService;
  /** Each paragraph's kept runs (our extension, docs/protocol.md 3.11). */
  history: ResultHistory;
  /** True when `$ZEPPELIN_CONF_DIR/shiro.ini` exists (PROTOCOL 1.4): logins on, anonymous frames refused. */
  authEnabled: boolean;
  /** shiro.ini's users and roles when authentication is on; undefined in anonymous mode. */
  users: UserDirectory | undefined;
  /** Note permissions (PROTOCOL 5.11), checked by ws/permissions.ts and rest/permissions.ts. */
  authorization: NoteAuthorization;
  /**
   * Whether shiro.ini's [urls] rules let a user call a REST path, so a websocket op that serves the same data
   * follows the same rule (always true without logins).
   */
  restAllows(path: string, user: string, roles: readonly string[]): boolean;
}
