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

module.exports = { startStep, stopStep };
