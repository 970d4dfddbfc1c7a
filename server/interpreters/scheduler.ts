/** One FIFO queue per interpreter session: jobs run one at a time in submission order (PROTOCOL 5.4 step 2). */

export interface QueuedJob {
  readonly paragraphId: string;
  /** Runs the job to its end; never rejects (failures are the job's own result). */
  run(): Promise<void>;
  /** Called instead of run() when the job is cancelled while still queued. */
  dropped(): void;
}

export class FifoScheduler {
  private readonly queue: QueuedJob[] = [];
  private active: QueuedJob | undefined;

  submit(job: QueuedJob): void {
    this.queue.push(job);
    this.pump();
  }

  get running(): QueuedJob | undefined {
    return this.active;
  }

  get size(): number {
    return this.queue.length + (this.active ? 1 : 0);
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
    if (this.active) return;
    const next = this.queue.shift();
    if (!next) return;
    this.active = next;
    void next.run().catch((e: unknown) => console.error('[scheduler] job failed unexpectedly:', e)).finally(() => {
      this.active = undefined;
      this.pump();
    });
  }
}
