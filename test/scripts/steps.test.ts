/** @jest-environment node */
/** Stopping a step of `npm test` stops what the step started too (jest's workers, their browsers). */
import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** scripts/steps.js is plain CommonJS, as the scripts `npm test` runs with node are. */
interface Steps {
  startStep(cmd: string, args: string[], options: SpawnOptions): ChildProcess;
  stopStep(child: ChildProcess, signal?: NodeJS.Signals): void;
}
const { startStep, stopStep } = jest.requireActual<Steps>('../../scripts/steps');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves with the first line the step prints. */
const firstLine = (child: ChildProcess): Promise<string> => new Promise((resolve) => {
  let text = '';
  child.stdout?.on('data', (d: Buffer) => {
    text += d.toString();
    if (text.includes('\n')) resolve(text.split('\n')[0]);
  });
});

/** Waits up to 5 s for `check` to hold. */
const until = async (check: () => boolean): Promise<void> => {
  const deadline = Date.now() + 5000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

const posix = process.platform !== 'win32';
(posix ? test : test.skip)('a stopped step leaves no process it started behind', async () => {
  // The step starts a worker of its own that would outlive it, as jest's do, and prints the worker's pid.
  const worker = "require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })";
  const step = startStep(process.execPath, ['-e', `const w = ${worker}; console.log(w.pid); setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const workerPid = Number(await firstLine(step));
  expect(alive(workerPid)).toBe(true);
  const exited = new Promise((resolve) => step.on('exit', resolve));
  stopStep(step);
  await exited;
  await until(() => !alive(workerPid));
  const left = alive(workerPid);
  if (left) process.kill(workerPid, 'SIGKILL');
  expect(left).toBe(false);
});
