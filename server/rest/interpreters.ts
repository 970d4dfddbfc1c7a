/**
 * Interpreter endpoints of PROTOCOL 3.5: the settings of interpreter.json (list, create, edit, remove, restart),
 * the group templates, the Maven repositories, and the install call this server answers honestly with a failure.
 * Every change is written through InterpreterRegistry (atomically), closes the sessions it affects, and sends each
 * connected user a fresh INTERPRETER_SETTINGS (filtered by the owners option).
 */
import type { FastifyInstance } from 'fastify';
import type { InterpreterSetting } from '../../protocol';
import { builtinInterpreterSettings } from '../interpreters/settings';
import { editedSetting, mayUse, newSetting, PROPERTY_TYPES } from '../interpreters/settingsAdmin';
import { repositoryFromRequest, RepositoryStore } from '../interpreters/repositories';
import { envNameOf } from '../config';
import type { Services } from '../services';
import { bodyObject, ok, sendEnvelope, wrap } from './envelope';

/** Each connected user gets the settings it may use, as GET_INTERPRETER_SETTINGS would answer now. */
export function announceSettings(s: Services): void {
  for (const c of s.connections.all()) {
    if (c.user === undefined) continue;
    c.send('INTERPRETER_SETTINGS', { interpreterSettings: s.interpreters.all().filter((x) => mayUse(x, c.user ?? '', c.roles)) });
  }
}

/** The group templates a new setting can be made from: built-in groups plus those of interpreter.json. */
function groupTemplates(settings: InterpreterSetting[]): InterpreterSetting[] {
  const byGroup = new Map<string, InterpreterSetting>();
  for (const x of [...builtinInterpreterSettings(), ...settings]) if (!byGroup.has(x.group)) byGroup.set(x.group, x);
  return [...byGroup.values()];
}

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
  app.get('/api/interpreter/property/types', async (_req, reply) => ok(reply, [...PROPERTY_TYPES], ''));

  app.post('/api/interpreter/setting', wrap(async (req, reply) => {
    if (req.body === undefined || req.body === null || req.body === '') return sendEnvelope(reply, 'BAD_REQUEST', undefined, 'The request body is empty');
    const created = newSetting(req.body, s.interpreters.all(), groupTemplates(s.interpreters.all()));
    s.interpreters.update(created);
    announceSettings(s);
    return ok(reply, s.interpreters.byId(created.id), '');
  }));

  /** Name and group stay; the setting's sessions close so the next run starts with the new properties. */
  app.put<{ Params: { id: string } }>('/api/interpreter/setting/:id', wrap(async (req, reply) => {
    const current = s.interpreters.byId(req.params.id);
    if (!current) return sendEnvelope(reply, 'NOT_FOUND', undefined, `Interpreter setting ${req.params.id} not found`);
    s.interpreters.update(editedSetting(current, req.body));
    await s.engine.restart(current.id);
    announceSettings(s);
    return ok(reply, s.interpreters.byId(current.id), '');
  }));

  app.delete<{ Params: { id: string } }>('/api/interpreter/setting/:id', wrap(async (req, reply) => {
    const id = req.params.id;
    if (!s.interpreters.byId(id)) return sendEnvelope(reply, 'NOT_FOUND', undefined, `Interpreter setting ${id} not found`);
    await s.engine.restart(id);
    s.interpreters.remove(id);
    announceSettings(s);
    return ok(reply);
  }));

  const repositories = new RepositoryStore(s.sessions.confDir);
  app.get('/api/interpreter/repository', wrap(async (_req, reply) => ok(reply, repositories.list(), '')));
  app.post('/api/interpreter/repository', wrap(async (req, reply) => {
    repositories.add(repositoryFromRequest(req.body));
    return ok(reply);
  }));
  app.delete<{ Params: { id: string } }>('/api/interpreter/repository/:id', wrap(async (req, reply) => {
    repositories.remove(req.params.id);
    return ok(reply);
  }));

  /**
   * Zeppelin answers OK and downloads the interpreter in the background. This server runs only its built-in
   * interpreters and downloads nothing, so the background step is an immediate, truthful failure to everyone.
   */
  app.post('/api/interpreter/install', wrap(async (req, reply) => {
    const { name, artifact } = bodyObject(req.body);
    if (typeof name !== 'string' || !name.trim() || typeof artifact !== 'string' || !artifact.trim()) {
      return sendEnvelope(reply, 'BAD_REQUEST', undefined, 'name and artifact must not be empty');
    }
    ok(reply);
    setImmediate(() => s.connections.toAllUsers('INTERPRETER_INSTALL_RESULT', {
      result: 'Failed',
      message: `Error while starting to install ${name.trim()} interpreter: this server cannot download ${artifact.trim()}; it only runs its built-in interpreters`,
    }));
    return reply;
  }));

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
