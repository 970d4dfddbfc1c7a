/** Stopping a command together with everything it started: it runs as the leader of its own process group. */
import type { ChildProcess } from 'node:child_process';

/** SIGTERM to the whole group, SIGKILL after `graceMs` if anything is still alive. */
export function killGroup(child: ChildProcess, graceMs = 2000): void {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-pid, sig);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  timer.unref();
  child.once('exit', () => {
    // Children of the leader may outlive it; make sure the group is gone.
    setTimeout(() => signal('SIGKILL'), 50).unref();
    clearTimeout(timer);
  });
}
