/**
 * Interpreter endpoints of PROTOCOL 3.5: the settings of interpreter.json, the group templates, and restart.
 * Editing settings (POST/PUT/DELETE of a setting) belongs to the interpreter admin page; InterpreterRegistry.update
 * is the place it writes through.
 */
import type { FastifyInstance } from 'fastify';
import type { InterpreterSetting } from '../../src/protocol';
import { builtinInterpreterSettings } from '../interpreters/settings';
import { envNameOf } from '../config';
import type { Services } from '../services';
import { bodyObject, ok, sendEnvelope } from './envelope';

/** `GET /api/interpreter`: one template per group, properties in template form. */
function templates(settings: InterpreterSetting[]): Record<string, unknown> {
  const byGroup = new Map<string, InterpreterSetting>();
  for (const s of [...builtinInterpreterSettings(), ...settings]) if (!byGroup.has(s.group)) byGroup.set(s.group, s);
  return Object.fromEntries([...byGroup].map(([group, s]) => [group, {
    id: group,
    name: group,
    group,
    className: s.interpreterGroup[0]?.class ?? '',
    properties: Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, {
      envName: envNameOf(k), propertyName: k, defaultValue: p.value, description: p.description ?? '', type: p.type,
    }])),
    interpreterGroup: s.interpreterGroup,
    dependencies: s.dependencies,
    option: s.option,
  }]));
}

export function registerInterpreterRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/interpreter/setting', async (_req, reply) => ok(reply, s.interpreters.all(), ''));
  app.get<{ Params: { id: string } }>('/api/interpreter/setting/:id', async (req, reply) => {
    const setting = s.interpreters.byId(req.params.id);
    return setting ? ok(reply, setting, '') : sendEnvelope(reply, 'NOT_FOUND');
  });
  app.get('/api/interpreter', async (_req, reply) => ok(reply, templates(s.interpreters.all()), ''));
  app.get('/api/interpreter/property/types', async (_req, reply) =>
    ok(reply, ['textarea', 'string', 'number', 'url', 'password', 'checkbox'], ''));

  /** Closes the setting's sessions (or only the one serving `noteId`); the next run starts them again lazily. */
  app.put<{ Params: { id: string }; Body: unknown }>('/api/interpreter/setting/restart/:id', async (req, reply) => {
    const id = req.params.id;
    if (!s.interpreters.byId(id)) return sendEnvelope(reply, 'NOT_FOUND', undefined, `Interpreter setting ${id} not found`);
    const noteId = bodyObject(req.body).noteId;
    if (typeof noteId === 'string' && noteId !== '' && !s.notebook.get(noteId)) return sendEnvelope(reply, 'NOT_FOUND', undefined, `No such note: ${noteId}`);
    await s.engine.restart(id, typeof noteId === 'string' && noteId !== '' ? noteId : undefined);
    return ok(reply, s.interpreters.byId(id), '');
  });
}
