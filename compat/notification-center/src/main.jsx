// A test page for the published @novu/notification-center 2.0.0, unchanged, pointed at a Forecourt
// server. Everything comes from the query string so the page is static:
//   ?server=http://127.0.0.1:PORT&app=<applicationIdentifier>&subscriber=<id>&hash=<subscriberHash>
// `server` defaults to this page's origin. The e2e spec tests/notification-center-compat.spec.ts
// drives it. Plain JSX (no types): this folder is not a workspace and is not type-checked.
import { NotificationBell, NovuProvider, PopoverNotificationCenter } from '@novu/notification-center';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(window.location.search);
const server = params.get('server') ?? window.location.origin;
const applicationIdentifier = params.get('app') ?? '';
const subscriberId = params.get('subscriber') ?? '';
const subscriberHash = params.get('hash') ?? undefined;

/** Clicks the page records, so the test can tell the widget called back. */
window.compatEvents = [];

function App() {
  return (
    <NovuProvider
      backendUrl={server}
      socketUrl={server}
      applicationIdentifier={applicationIdentifier}
      subscriberId={subscriberId}
      subscriberHash={subscriberHash}
    >
      <main style={{ padding: 24, fontFamily: 'sans-serif' }}>
        <h1 style={{ fontSize: 18 }}>@novu/notification-center 2.0.0 against Forecourt</h1>
        <PopoverNotificationCenter
          colorScheme="light"
          onNotificationClick={(message) => window.compatEvents.push({ type: 'click', id: message._id })}
        >
          {({ unseenCount }) => <NotificationBell unseenCount={unseenCount} />}
        </PopoverNotificationCenter>
      </main>
    </NovuProvider>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
