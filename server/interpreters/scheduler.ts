/**
 * One queue per interpreter session: jobs start in submission order (PROTOCOL 5.4 step 2), one at a time, or up to
 * `parallel` at once for interpreters that run concurrently (Zeppelin's ParallelScheduler, used by `%jdbc` when
 * `zeppelin.jdbc.concurrent.use` is on).
 */

export interface QueuedJob {
  readonly paragraphId: string;
  /** Runs the job to its end; never rejects (failures are the job's own result). */
  run(): Promise<void>;
  /** Called instead of run() when the job is cancelled while still queued. */
  dropped(): void;
}

export class FifoScheduler {
  private readonly queue: QueuedJob[] = [];
  private readonly active = new Set<QueuedJob>();

  /** `parallel`: how many jobs may run at once, asked each time a job could start. */
  constructor(private readonly parallel: () => number = () => 1) {}

  submit(job: QueuedJob): void {
    this.queue.push(job);
    this.pump();
  }

  /** The earliest started job still running. */
  get running(): QueuedJob | undefined {
    return this.active.values().next().value;
  }

  get size(): number {
    return this.queue.length + this.active.size;
  }

  /** Removes a job that has not started; false when it is running or unknown. */
  dropQueued(paragraphId: string, job?: QueuedJob): boolean {
    // Several users' copies of one paragraph may queue together (personalized mode): `job` names the exact one.
    const i = this.queue.findIndex((j) => (job ? j === job : j.paragraphId === paragraphId));
    if (i < 0) return false;
    const [queued] = this.queue.splice(i, 1);
    queued.dropped();
    return true;
  }

  dropAll(): void {
    for (const job of this.queue.splice(0)) job.dropped();
  }

  private pump(): void {
    while (this.active.size < this.parallel()) {
      const next = this.queue.shift();
      if (!next) return;
      this.active.add(next);
      void next.run().catch((e: unknown) => console.error('[scheduler] job failed unexpectedly:', e)).finally(() => {
        this.active.delete(next);
        this.pump();
      });
    }
  }
}
