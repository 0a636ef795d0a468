/**
 * At most `limit(key)` tasks per key at once (sends per provider); the others wait in order.
 */
export class KeyedLimiter {
  readonly #running = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();
  readonly #limit: (key: string) => number;

  constructor(limit: (key: string) => number) {
    this.#limit = limit;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if ((this.#running.get(key) ?? 0) >= Math.max(1, this.#limit(key))) {
      await new Promise<void>((resolve) => {
        const queue = this.#waiting.get(key) ?? [];
        queue.push(resolve);
        this.#waiting.set(key, queue);
      });
    } else {
      this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.get(key)?.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.#running.set(key, (this.#running.get(key) ?? 1) - 1);
    }
  }
}
