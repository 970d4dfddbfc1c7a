// The steps `npm test` runs (lint, type check, build, jest), each in a process group of its own, so that stopping
// the run stops everything a step started: signalling only the step's own process left jest's workers, and the
// browsers they had started, running after the run was stopped.
const { spawn } = require('child_process');

const groups = process.platform !== 'win32';

/** Spawns a step as the leader of a new process group (a new session on POSIX systems). */
function startStep(cmd, args, options) {
  return spawn(cmd, args, { ...options, detached: groups });
}

/** Sends `signal` to the step's whole process group, or to its process where there are no groups. */
function stopStep(child, signal = 'SIGTERM') {
  if (child.pid === undefined) return;
  try {
    if (groups) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // The group is already gone.
  }
}

/** Whether any process of the step's group is still running (of the step itself, where there are no groups). */
function stepRunning(child) {
  if (child.pid === undefined) return false;
  if (!groups) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the steps' groups and resolves once none of their processes runs any more (those left after `graceMs` are
 * killed): only then may their temp folders be removed, since a process still ending writes into them.
 */
async function stopSteps(children, graceMs = 10_000) {
  // A copy: the caller's set loses each step as soon as the step's own process ends, before the rest of its group.
  const steps = [...children];
  for (const child of steps) stopStep(child);
  const deadline = Date.now() + graceMs;
  while (steps.some(stepRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const child of steps) if (stepRunning(child)) stopStep(child, 'SIGKILL');
}

module.exports = { startStep, stopStep, stopSteps };
