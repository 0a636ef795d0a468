// The compat page around a published <Inbox/>, unchanged, pointed at a Forecourt server.
// Everything comes from the query string so the page is static:
//   ?server=http://127.0.0.1:PORT&app=<applicationIdentifier>&subscriber=<id>&hash=<subscriberHash>
// `server` defaults to this page's origin. The e2e spec tests/novu-react-compat.spec.ts drives it.
// Plain JSX (no types): this folder is not a workspace and is not type-checked.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

export function mount(title, render) {
  const params = new URLSearchParams(window.location.search);
  const settings = {
    server: params.get('server') ?? window.location.origin,
    applicationIdentifier: params.get('app') ?? '',
    subscriberId: params.get('subscriber') ?? '',
    subscriberHash: params.get('hash') ?? undefined,
  };
  createRoot(document.getElementById('root')).render(
    <StrictMode>
      <main style={{ padding: 24, fontFamily: 'sans-serif' }}>
        <h1 style={{ fontSize: 18 }}>{title} against Forecourt</h1>
        {render(settings)}
      </main>
    </StrictMode>,
  );
}

/** Puts the published client (`useNovu()`) on `window.novu` for the test. */
export function ExposeClient({ useNovu }) {
  window.novu = useNovu();
  return null;
}
