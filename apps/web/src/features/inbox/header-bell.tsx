import '@forecourt/inbox/styles.css';
import { ZPlatformConfig } from '@forecourt/contracts';
import { Bell, INBOX_LANGUAGES, InboxProvider, type InboxTab } from '@forecourt/inbox';
import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { http } from '../../lib/http';
import { useIncidentMessageTone } from '../incidents';

/**
 * Tabs of the bell: everything, and the incidents feed (incident workflows post to it). "All",
 * not "Inbox": the widget's own Inbox / Archived / Snoozed tabs sit above these.
 */
const INBOX_STORES: InboxTab[] = [
  { storeId: 'default_store', label: 'All' },
  { storeId: 'incidents', label: 'Incidents', query: { feedIdentifier: 'incidents' } },
];

/** The inbox speaks the browser's language when it is one of the 72 bundled (else English). */
function browserInboxLanguage(): { language: string; locale: string } {
  const locale =
    typeof navigator === 'undefined' ? 'en' : (navigator.languages?.[0] ?? navigator.language ?? 'en');
  const code = locale.toLowerCase().split('-')[0] ?? 'en';
  return { language: INBOX_LANGUAGES.includes(code) ? code : 'en', locale };
}
const INBOX_I18N = browserInboxLanguage();

/** The signed-in user's inbox settings: application identifier and their subscriber id and hash. */
export const platformConfigKey = ['platform', 'config'] as const;

/**
 * The notification bell in the header: the user's own inbox on the same server that serves the
 * app (so the page's origin is the API and socket address). Signing out unmounts the shell and
 * with it the provider, which ends the inbox session and removes its token, so the next user of
 * the browser never sees this feed.
 */
export function HeaderBell() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const router = useRouter();
  // Incident messages take their incident's urgency colour, by the incidents list's rule.
  const messageTone = useIncidentMessageTone();
  // Links of messages to the dashboard's own pages navigate in the app; others load the page.
  const onUrlChange = useCallback(
    (url: string) => (/^\/(?!\/)/.test(url) ? router.history.push(url) : window.location.assign(url)),
    [router],
  );
  const config = useQuery({
    queryKey: platformConfigKey,
    queryFn: ({ signal }) => http.get('/api/platform/config', { signal, schema: ZPlatformConfig }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!config.data) return null;
  const origin = window.location.origin;
  return (
    <InboxProvider
      applicationIdentifier={config.data.applicationIdentifier}
      subscriberId={config.data.subscriberId}
      subscriberHash={config.data.subscriberHash}
      clientOptions={{ maxSnoozeHours: config.data.maxSnoozeHours }}
      backendUrl={origin}
      socketUrl={origin}
      stores={INBOX_STORES}
      i18n={INBOX_I18N}
      onUrlChange={onUrlChange}
      messageTone={messageTone}
    >
      <Bell theme={scheme} />
    </InboxProvider>
  );
}
