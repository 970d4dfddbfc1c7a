/**
 * A pipeline drives the server the way Zeppelin's Python SDK (and Airflow's Zeppelin operator on top of it) does:
 * log in, create a note by name, add paragraphs, submit it and poll until `info.isRunning` is false, run a paragraph
 * with form values, clone; then interpreter sessions (ZSession) for sh and python with `%<group>.conf` properties,
 * statements, a cancel, and a stop. The user then finds the note in the browser, never the sessions' notes.
 */
import { execFile } from 'child_process';
import path from 'path';
import { loginThroughDialog } from './support/login';
import { waitUntil } from './support/wait';
import { missingPython, pythonExecutable, TEST_PYTHON } from '../test/support/python';
import { testUnless } from '../test/support/skips';
import { serverAndBrowser } from './support/session';

/** The tests' python (Debian's where installed), as an absolute path; the replay needs only its standard library. */
const PYTHON = pythonExecutable() ?? TEST_PYTHON;
const REPLAY = path.join(__dirname, 'support', 'sdk_replay.py');

const SHIRO_INI = `
[main]
shiro.loginUrl = /api/login

[users]
user1 = password2, role1

[roles]
role1 = *

[urls]
/api/version = anon
/** = authc
`;

interface Seen {
  version: string;
  noteId: string;
  noteRun: { isRunning: unknown; statuses: string[]; outputs: string[] };
  paragraphRun: string;
  clonePath: string;
  shStarted: { interpreter: string; state: string };
  shExecute: string;
  shSubmit: string;
  shCancelled: string;
  shAfterStop: unknown;
  pythonSession: { sessionId: string; noteId: string; state: string; startTime?: string };
  pythonExecutable: string;
  pythonPid: number;
  pythonError: string;
}

const maybe = testUnless(missingPython());

const env = serverAndBrowser({}, { shiroIni: SHIRO_INI });

const processGone = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

/** Runs the replay without blocking this process, where the server lives. */
function replay(): Promise<Seen> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [REPLAY, env.server.url, 'user1', 'password2', PYTHON], { timeout: 150_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`the replay failed: ${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as Seen);
    });
  });
}

maybe('a script runs a note and two interpreter sessions with the SDK\'s requests; the user sees the note only', async () => {
  const seen = await replay();
  expect(seen.version).toBe('0.13.0-SNAPSHOT');
  expect(seen.noteRun).toEqual({ isRunning: false, statuses: ['FINISHED', 'FINISHED'], outputs: ['hello airflow\n', 'second\n'] });
  expect(seen.paragraphRun).toBe('hello sdk\n');
  expect(seen.clonePath).toBe('/pyzeppelin/test/note_1_clone');
  expect(seen.shStarted).toEqual({ interpreter: 'sh', state: 'RUNNING' });
  expect(seen.shExecute).toBe('from conf\n');
  expect(seen.shSubmit).toBe('submitted\n');
  expect(seen.shCancelled).toBe('ABORT');
  expect(seen.shAfterStop).toBe(404);
  expect(seen.pythonSession.state).toBe('RUNNING');
  expect(seen.pythonExecutable).toBe(PYTHON);
  expect(seen.pythonError).toBe('ERROR');
  expect(processGone(seen.pythonPid)).toBe(false);

  // The user logs in: the script's note is in its folder, the open session's note is nowhere in the list.
  const { page } = env.browser;
  await loginThroughDialog(page, env.server.url, 'user1', 'password2');
  const notes = page.getByRole('list', { name: 'Notes' });
  const folder = notes.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'test', exact: true }) });
  expect(await folder.getAttribute('data-folder-id')).toBe('pyzeppelin/test');
  await notes.getByRole('link', { name: 'note_1', exact: true }).click();
  await page.waitForURL(new RegExp(`#/notebook/${seen.noteId}$`));
  await page.getByText('hello sdk', { exact: true }).waitFor();
  await page.goto(env.server.url);
  await notes.getByRole('button', { name: 'pyzeppelin', exact: true }).waitFor();
  expect(await notes.getByText('_ZSession').count()).toBe(0);
  expect(await notes.getByText(seen.pythonSession.sessionId).count()).toBe(0);

  // Stopping the session ends its Python process.
  const stop = await page.evaluate(async (id) => (await fetch(`api/session/${id}`, { method: 'DELETE' })).status, seen.pythonSession.sessionId);
  expect(stop).toBe(200);
  await waitUntil(() => processGone(seen.pythonPid), (gone) => gone);
}, 180_000);
