import '@forecourt/inbox/styles.css';
import { ZPlatformConfig } from '@forecourt/contracts';
import { Bell, InboxProvider } from '@forecourt/inbox';
import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

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
      backendUrl={origin}
      socketUrl={origin}
    >
      <Bell theme={scheme} />
    </InboxProvider>
  );
}
