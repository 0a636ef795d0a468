/** A trailing debounce that can be flushed or cancelled (session teardown). */
export type Debounced = { (): void; cancel(): void; readonly pending: boolean };

export function debounce(run: () => void, waitMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (() => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, waitMs);
  }) as Debounced;
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  Object.defineProperty(debounced, 'pending', { get: () => timer !== null });
  return debounced;
}
