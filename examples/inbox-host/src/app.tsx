import '@forecourt/inbox/styles.css';
import { Bell, INBOX_LANGUAGES, InboxProvider, type InboxTab } from '@forecourt/inbox';
import { type FormEvent, useState } from 'react';
import './app.css';

/** What the widget needs; kept in the URL so a configured page can be bookmarked. */
type Settings = {
  backendUrl: string;
  applicationIdentifier: string;
  subscriberId: string;
  subscriberHash: string;
  language: string;
  theme: 'light' | 'dark';
};

function readSettings(): Settings {
  const params = new URLSearchParams(window.location.search);
  return {
    backendUrl: params.get('backendUrl') || window.location.origin,
    applicationIdentifier: params.get('applicationIdentifier') ?? '',
    subscriberId: params.get('subscriberId') ?? '',
    subscriberHash: params.get('subscriberHash') ?? '',
    language: params.get('language') ?? 'en',
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
  };
}

function writeSettings(settings: Settings) {
  const params = new URLSearchParams(settings as unknown as Record<string, string>);
  window.history.replaceState(null, '', `?${params}`);
}

const STORES: InboxTab[] = [
  { storeId: 'default_store', label: 'All' },
  { storeId: 'incidents', label: 'Incidents', query: { feedIdentifier: 'incidents' } },
  { storeId: 'unread', label: 'Unread', query: { read: false } },
];

/** Signs in to Forecourt (through the dev proxy) and reads the user's inbox settings. */
async function fetchPlatformConfig(email: string, password: string) {
  const login = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Sign-in failed (${login.status})`);
  const { access_token } = (await login.json()) as { access_token: string };
  const config = await fetch('/api/platform/config', {
    headers: { authorization: `Bearer ${access_token}` },
  });
  if (!config.ok) throw new Error(`Platform config failed (${config.status})`);
  return (await config.json()) as {
    applicationIdentifier: string;
    subscriberId: string;
    subscriberHash: string;
  };
}

export function App() {
  const [settings, setSettings] = useState(readSettings);
  const [status, setStatus] = useState('');
  const update = (patch: Partial<Settings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    writeSettings(next);
  };

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus('Signing in…');
    try {
      const config = await fetchPlatformConfig(String(form.get('email')), String(form.get('password')));
      update({ ...config, backendUrl: window.location.origin });
      setStatus(`Subscriber ${config.subscriberId}`);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
    }
  };

  const configured = settings.applicationIdentifier && settings.subscriberId;
  return (
    <div className={`host host--${settings.theme}`}>
      <header className="host__bar">
        <strong>Inbox host example</strong>
        <label>
          Language{' '}
          <select value={settings.language} onChange={(event) => update({ language: event.target.value })}>
            {INBOX_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => update({ theme: settings.theme === 'dark' ? 'light' : 'dark' })}>
          {settings.theme === 'dark' ? 'Light' : 'Dark'} theme
        </button>
        {configured ? (
          <InboxProvider
            applicationIdentifier={settings.applicationIdentifier}
            subscriberId={settings.subscriberId}
            subscriberHash={settings.subscriberHash || null}
            backendUrl={settings.backendUrl}
            stores={STORES}
            i18n={{ language: settings.language }}
            onUrlChange={(url) => setStatus(`Opened ${url}`)}
          >
            <Bell theme={settings.theme} />
          </InboxProvider>
        ) : null}
      </header>
      <main className="host__main">
        <form onSubmit={signIn} className="host__form">
          <h1>Connect to Forecourt</h1>
          <p>Sign in with a Forecourt account to read its inbox settings, or fill them in below.</p>
          <label>
            Email <input name="email" type="email" defaultValue="member@forecourt.demo" />
          </label>
          <label>
            Password <input name="password" type="password" defaultValue="forecourt-demo" />
          </label>
          <button type="submit">Sign in</button>
        </form>
        <fieldset className="host__form">
          <legend>Widget settings</legend>
          {(['backendUrl', 'applicationIdentifier', 'subscriberId', 'subscriberHash'] as const).map((key) => (
            <label key={key}>
              {key}{' '}
              <input value={settings[key]} onChange={(event) => update({ [key]: event.target.value })} />
            </label>
          ))}
        </fieldset>
        <p role="status">{status}</p>
      </main>
    </div>
  );
}
