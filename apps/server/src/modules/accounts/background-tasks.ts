type TaskLog = { error(data: object, message: string): void };

/**
 * Work that runs after the response is sent (mail delivery, the account lookups of
 * enumeration-safe routes), so a response's timing never depends on it. Failures are logged.
 * `drain()` waits for everything started so far: tests call it, and the app calls it on close.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();
  readonly #log: TaskLog;

  constructor(log: TaskLog) {
    this.#log = log;
  }

  run(name: string, task: () => Promise<void>): void {
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.#log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#pending.delete(promise));
    this.#pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
