/**
 * Rounds of one piece of background work that never overlap in this process: `run()` starts a
 * round once the round under way (if any) has ended, so a test's or the CLI's drain and the timer
 * share one sequence; `every(ms)` runs a round each `ms`, timed from the end of the last, its
 * failure reported to `onError` (the next round comes all the same); `stop()` ends the timer and
 * waits for the round under way.
 */
export class SerialRounds<T> {
  private round: Promise<T> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<T>,
    private readonly onError: (error: Error) => void,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  run(): Promise<T> {
    const previous = this.round ?? Promise.resolve();
    const round = previous.catch(() => undefined).then(() => this.work());
    this.round = round;
    return round;
  }

  /** A round started now, its failure reported rather than answered. */
  start(): void {
    this.run().catch((error: Error) => this.onError(error));
  }

  every(intervalMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.run()
        .catch((error: Error) => this.onError(error))
        .finally(() => this.every(intervalMs));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round?.catch(() => undefined);
  }
}
