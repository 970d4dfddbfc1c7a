import {
  decodeClientFrame, decodeServerFrame, encodeClientFrame, encodeServerFrame, OP_DIRECTIONS, RECEIVE_OPS,
  RECEIVE_SCHEMAS, SEND_OPS, SEND_SCHEMAS,
} from '../../protocol';
import { actionForFrame, isWsSend, opOfSend, wsIn, wsOut } from '../../slices/wsActions';

describe('op list', () => {
  test('every op has a direction and a schema for each direction it travels', () => {
    for (const op of SEND_OPS) expect(SEND_SCHEMAS[op]).toBeDefined();
    for (const op of RECEIVE_OPS) expect(RECEIVE_SCHEMAS[op]).toBeDefined();
    expect(OP_DIRECTIONS.PATCH_PARAGRAPH).toBe('both');
    expect(OP_DIRECTIONS.RUN_PARAGRAPH).toBe('c-s');
    expect(OP_DIRECTIONS.PARAGRAPH_APPEND_OUTPUT).toBe('s-c');
    expect(new Set(SEND_OPS).size).toBe(SEND_OPS.length);
    expect(new Set(RECEIVE_OPS).size).toBe(RECEIVE_OPS.length);
  });

  test('covers every op of Zeppelin Message.OP that travels on the wire', () => {
    // The enum as PROTOCOL.md lists it (section 2), minus the SDK-local PARAGRAPH_STATUS.
    const zeppelinOps = `GET_HOME_NOTE GET_NOTE NOTE PARAGRAPH PROGRESS NEW_NOTE DEL_NOTE REMOVE_FOLDER MOVE_NOTE_TO_TRASH
      MOVE_FOLDER_TO_TRASH RESTORE_FOLDER RESTORE_NOTE RESTORE_ALL EMPTY_TRASH CLONE_NOTE IMPORT_NOTE CONVERT_NOTE_NBFORMAT
      CONVERTED_NOTE_NBFORMAT NOTE_UPDATE NOTE_RENAME UPDATE_PERSONALIZED_MODE FOLDER_RENAME RUN_PARAGRAPH COMMIT_PARAGRAPH
      CANCEL_PARAGRAPH MOVE_PARAGRAPH INSERT_PARAGRAPH COPY_PARAGRAPH EDITOR_SETTING COMPLETION COMPLETION_LIST LIST_NOTES
      RELOAD_NOTES_FROM_REPO RELOAD_NOTE NOTES_INFO PARAGRAPH_REMOVE PARAGRAPH_CLEAR_OUTPUT PARAGRAPH_CLEAR_ALL_OUTPUT
      PARAGRAPH_APPEND_OUTPUT PARAGRAPH_UPDATE_OUTPUT PING AUTH_INFO ANGULAR_OBJECT_UPDATE ANGULAR_OBJECT_REMOVE
      ANGULAR_OBJECT_UPDATED ANGULAR_OBJECT_CLIENT_BIND ANGULAR_OBJECT_CLIENT_UNBIND LIST_CONFIGURATIONS CONFIGURATIONS_INFO
      CHECKPOINT_NOTE LIST_REVISION_HISTORY NOTE_REVISION SET_NOTE_REVISION NOTE_REVISION_FOR_COMPARE APP_APPEND_OUTPUT
      APP_UPDATE_OUTPUT APP_LOAD APP_STATUS_CHANGE LIST_NOTE_JOBS LIST_UPDATE_NOTE_JOBS UNSUBSCRIBE_UPDATE_NOTE_JOBS
      JOB_MANAGER_DISABLED GET_INTERPRETER_BINDINGS SAVE_INTERPRETER_BINDINGS INTERPRETER_BINDINGS GET_INTERPRETER_SETTINGS
      INTERPRETER_SETTINGS ERROR_INFO SESSION_LOGOUT WATCHER PARAGRAPH_ADDED PARAGRAPH_REMOVED PARAGRAPH_MOVED NOTE_UPDATED
      RUN_ALL_PARAGRAPHS CANCEL_ALL_PARAGRAPHS PARAGRAPH_EXECUTED_BY_SPELL RUN_PARAGRAPH_USING_SPELL PARAS_INFO SAVE_NOTE_FORMS
      REMOVE_NOTE_FORMS INTERPRETER_INSTALL_STARTED INTERPRETER_INSTALL_RESULT COLLABORATIVE_MODE_STATUS PATCH_PARAGRAPH
      GET_PARAGRAPH NOTE_RUNNING_STATUS NOTICE`.split(/\s+/);
    const ours = new Set(Object.keys(OP_DIRECTIONS));
    expect(zeppelinOps.filter((op) => !ours.has(op))).toEqual([]);
    // PONG is our server's extension (docs/protocol.md 1.6); a Zeppelin client ignores the unknown op
    expect([...ours].filter((op) => !zeppelinOps.includes(op))).toEqual(['PONG']);
  });
});

describe('decodeServerFrame', () => {
  test('decodes a well-formed frame and keeps msgId', () => {
    const r = decodeServerFrame(JSON.stringify({ op: 'PARAGRAPH_MOVED', data: { id: 'p1', index: 2 }, msgId: 'abcde-3', ticket: 'anonymous' }));
    expect(r).toEqual({ ok: true, frame: { op: 'PARAGRAPH_MOVED', data: { id: 'p1', index: 2 }, msgId: 'abcde-3', ticket: 'anonymous' } });
  });

  test.each([
    ['{"op":', 'bad-json'],
    ['[1,2]', 'not-object'],
    ['"NOTE"', 'not-object'],
    ['{"op":"NO_SUCH_OP","data":{}}', 'unknown-op'],
    ['{"op":"RUN_PARAGRAPH","data":{"id":"p"}}', 'unknown-op'],
    ['{"op":"PROGRESS","data":{"id":"p","progress":"ten"}}', 'bad-payload'],
    ['{"op":"PARAGRAPH","data":{}}', 'bad-payload'],
    ['{"op":"NOTES_INFO","data":"notes"}', 'bad-payload'],
  ])('reports %s as %s without throwing', (raw, reason) => {
    const r = decodeServerFrame(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.reason).toBe(reason);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  test('names the fields that are wrong', () => {
    const r = decodeServerFrame('{"op":"PARAGRAPH_APPEND_OUTPUT","data":{"paragraphId":"p","index":0}}');
    expect(r.ok || r.error.message).toBe('Bad PARAGRAPH_APPEND_OUTPUT payload: data is missing');
  });
});

describe('decodeClientFrame (server side)', () => {
  test('accepts numbers as strings where Zeppelin does, and data-less ops', () => {
    expect(decodeClientFrame('{"op":"MOVE_PARAGRAPH","data":{"id":"p","index":"3"},"principal":"anonymous","ticket":"anonymous"}').ok).toBe(true);
    const ping = decodeClientFrame('{"op":"PING","principal":"anonymous","ticket":"anonymous"}');
    expect(ping).toEqual({ ok: true, frame: { op: 'PING', data: {}, principal: 'anonymous', ticket: 'anonymous' } });
  });

  test('refuses oversize frames before parsing them', () => {
    const r = decodeClientFrame(JSON.stringify({ op: 'PING', data: { pad: 'x'.repeat(200) } }), 100);
    expect(r.ok || r.error.reason).toBe('too-large');
  });

  test('refuses wrong types Zeppelin is strict about', () => {
    const r = decodeClientFrame('{"op":"NOTE_RENAME","data":{"id":"n","name":"x","relative":"yes"}}');
    expect(r.ok || r.error.message).toBe('Bad NOTE_RENAME payload: relative must be a boolean');
  });
});

describe('encoding', () => {
  test('client frames carry principal, ticket, roles and msgId', () => {
    const raw = encodeClientFrame('GET_NOTE', { id: 'N1' }, { principal: 'alice', ticket: 't-1', roles: '["admin"]' }, 'k3f9q-1');
    expect(JSON.parse(raw)).toEqual({ op: 'GET_NOTE', data: { id: 'N1' }, principal: 'alice', ticket: 't-1', roles: '["admin"]', msgId: 'k3f9q-1' });
  });

  test('server frames carry the constant identity dummies and round-trip through the client decoder', () => {
    const raw = encodeServerFrame('PROGRESS', { id: 'p1', progress: 40 });
    expect(JSON.parse(raw)).toMatchObject({ ticket: 'anonymous', principal: 'anonymous', roles: '' });
    const r = decodeServerFrame(raw);
    expect(r.ok && actionForFrame(r.frame)).toEqual(wsIn.PROGRESS({ id: 'p1', progress: 40 }));
  });
});

describe('actions', () => {
  test('one action type per op and direction', () => {
    expect(wsIn.NOTE.type).toBe('ws/NOTE');
    expect(wsOut.RUN_PARAGRAPH.type).toBe('ws/send/RUN_PARAGRAPH');
    const a = wsOut.GET_NOTE({ id: 'x' });
    expect(isWsSend(a)).toBe(true);
    expect(isWsSend(wsIn.NOTE({}))).toBe(false);
    expect(opOfSend(a)).toBe('GET_NOTE');
  });
});
