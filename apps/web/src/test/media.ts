/**
 * A controllable `window.matchMedia` for jsdom (which has none): only `prefers-color-scheme`
 * queries can match, and tests flip the device scheme with {@link setSystemColorScheme}.
 */
type Listener = (event: MediaQueryListEvent) => void;

let prefersDark = false;
const lists = new Set<{ query: string; listeners: Set<Listener>; list: MediaQueryList }>();

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return prefersDark;
  if (query.includes('prefers-color-scheme: light')) return !prefersDark;
  return false;
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    const list = {
      media: query,
      onchange: null,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
    lists.add({ query, listeners, list });
    return list;
  };
}

export function setSystemColorScheme(scheme: 'light' | 'dark'): void {
  prefersDark = scheme === 'dark';
  for (const { query, listeners, list } of lists) {
    const event = { matches: matches(query), media: query } as MediaQueryListEvent;
    for (const listener of listeners) listener.call(list, event);
  }
}

export function resetMatchMedia(): void {
  prefersDark = false;
  lists.clear();
}
