import { type Debounced, debounce } from '../debounce';

/** What a refresh reads again. */
export type RefreshPart = 'feed' | 'unseen' | 'unread' | 'storeCounts' | 'severity';

export const EVERY_PART: readonly RefreshPart[] = ['unseen', 'unread', 'feed', 'storeCounts', 'severity'];

/**
 * Collects what must be read again (after count events and confirmed changes) and reads it once
 * the events stop for the debounce delay; a reconnect reads everything at once.
 */
export class RefreshScheduler {
  #parts = new Set<RefreshPart>();
  readonly #debounced: Debounced;
  readonly #read: (parts: ReadonlySet<RefreshPart>) => void;

  constructor(delayMs: number, read: (parts: ReadonlySet<RefreshPart>) => void) {
    this.#read = read;
    this.#debounced = debounce(() => this.#flush(), delayMs);
  }

  schedule(parts: readonly RefreshPart[]): void {
    for (const part of parts) this.#parts.add(part);
    this.#debounced();
  }

  /** Reads everything now (after a reconnect: events sent while away are lost). */
  resync(): void {
    this.#debounced.cancel();
    this.#parts = new Set(EVERY_PART);
    this.#flush();
  }

  cancel(): void {
    this.#debounced.cancel();
    this.#parts.clear();
  }

  #flush(): void {
    const parts = this.#parts;
    this.#parts = new Set();
    this.#read(parts);
  }
}
