import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** How many CSV exports one user may stream at once (per process). */
export const EXPORTS_PER_USER = 2;

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSV exports streaming in this process (http/csv-export-slots.ts). */
    csvExports: CsvExportSlots;
  }
}

/**
 * The exports a process is streaming: at most {@link EXPORTS_PER_USER} per user (the next answers
 * 429 TOO_MANY_EXPORTS), and every one of them ended when the server closes (SIGTERM), so an
 * export never holds a shutdown up.
 */
export class CsvExportSlots {
  readonly #perUser: number;
  readonly #running = new Map<number, number>();
  readonly #streams = new Set<Readable>();

  constructor(perUser = EXPORTS_PER_USER) {
    this.#perUser = perUser;
  }

  /** Takes one of the user's slots; the returned release may be called any number of times. */
  acquire(userId: number): () => void {
    const running = this.#running.get(userId) ?? 0;
    if (running >= this.#perUser) {
      throw new AppError(
        'TOO_MANY_EXPORTS',
        `You are already running ${running} exports; wait for one to finish (at most ${this.#perUser} at once)`,
      );
    }
    this.#running.set(userId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) this.#running.set(userId, left);
      else this.#running.delete(userId);
    };
  }

  /** Follows a streaming export until it closes, so {@link endAll} can stop it. */
  track(stream: Readable): void {
    this.#streams.add(stream);
    stream.once('close', () => this.#streams.delete(stream));
  }

  get streaming(): number {
    return this.#streams.size;
  }

  /** Ends every export still streaming (their responses are cut short). */
  endAll(): void {
    for (const stream of this.#streams) stream.destroy();
    this.#streams.clear();
  }
}

/** Export slots for `app` (before its routes), released to nobody when the server closes. */
export function registerCsvExports(app: FastifyInstance, slots = new CsvExportSlots()): CsvExportSlots {
  app.decorate('csvExports', slots);
  // Before the server stops listening and waits for open connections: a streaming export would
  // otherwise keep its connection, and the shutdown, going until its last row.
  app.addHook('preClose', (done) => {
    slots.endAll();
    done();
  });
  return slots;
}
