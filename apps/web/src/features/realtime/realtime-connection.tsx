import { useEffect, useSyncExternalStore } from 'react';
import { getSession, readCredentials, subscribeSession } from '../../lib/credentials';
import { renewSession } from '../../lib/http';
import { realtime, type TIo, type TRealtimeStartOptions, type TRenewOutcome } from './realtime-client';

/** Whole-app tests (jsdom, no server) leave the connection off; the client has its own tests. */
const ENABLED = import.meta.env.MODE !== 'test';

async function renewForSocket(staleToken: string): Promise<TRenewOutcome> {
  const outcome = await renewSession(staleToken);
  if (outcome.kind === 'renewed') return 'renewed';
  return outcome.kind === 'unavailable' ? 'unavailable' : 'ended';
}

/**
 * Mounted once in the signed-in shell: opens the live connection for the signed-in user (loading
 * the socket.io client on demand, so it is not part of the first download), opens it again for a
 * different user, retries a refused handshake as soon as the token is renewed, and closes it on
 * sign-out. Renders nothing.
 */
export function RealtimeConnection({
  testTarget,
}: {
  /** Tests: connect with this client to this server (otherwise off under the test runner). */
  testTarget?: { io: TIo } & Pick<TRealtimeStartOptions, 'url' | 'socketOptions'>;
} = {}) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const payload = session?.payload;
  const owner = payload ? `${payload.sub}@${payload.org ?? ''}` : null;
  const token = session?.credentials.access_token;

  useEffect(() => {
    if (!owner || !(ENABLED || testTarget)) return;
    let cancelled = false;
    const loading = testTarget ? Promise.resolve(testTarget) : import('socket.io-client');
    loading.then(
      ({ io }) => {
        if (cancelled) return;
        realtime.start({
          io,
          url: testTarget?.url,
          socketOptions: testTarget?.socketOptions,
          getToken: () => readCredentials()?.access_token ?? null,
          renew: renewForSocket,
        });
      },
      (error: unknown) => {
        // The chunk did not load (offline, new deploy): pages still refresh on their own.
        console.warn('Live updates are unavailable', error);
      },
    );
    return () => {
      cancelled = true;
      realtime.stop();
    };
  }, [owner, testTarget]);

  useEffect(() => {
    if (token) realtime.tokenChanged();
  }, [token]);

  return null;
}
