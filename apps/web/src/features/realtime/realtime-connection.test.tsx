import { render, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCredentials } from '../../lib/credentials';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { accessToken, signIn, storedCredentials } from '../../test/session';
import { realtime } from './realtime-client';
import { RealtimeConnection } from './realtime-connection';
import { startServer, type TFakeServer } from './test-socket-server';

describe('the shell’s realtime connection', () => {
  let server: TFakeServer;
  let target: NonNullable<Parameters<typeof RealtimeConnection>[0]>['testTarget'];

  beforeEach(async () => {
    server = await startServer();
    target = { io, url: server.url, socketOptions: { forceNew: true } };
  });
  afterEach(async () => {
    realtime.stop();
    await server.close();
  });

  it('connects with the stored token and closes on sign-out', async () => {
    const { access_token } = signIn('admin');
    server.validTokens.add(access_token);
    const stop = realtime.watch(7, () => undefined);
    const view = render(<RealtimeConnection testTarget={target} />);

    await waitFor(() => expect(realtime.getStationStatus(7)).toBe('live'));
    expect(server.handshakes).toEqual([access_token]);

    clearCredentials();
    await waitFor(() => expect(realtime.getStatus()).toBe('closed'));
    await waitFor(() => expect(server.sockets()).toHaveLength(0));
    stop();
    view.unmount();
  });

  it('renews a refused token through the session and reconnects with the fresh one', async () => {
    const expired = signIn('admin', { lifetime: -60, refreshToken: 'refresh-1' });
    const fresh = accessToken('admin');
    server.validTokens.add(fresh);
    const fetchMock = stubFetch(({ url, body }) =>
      url.pathname === '/api/auth/extend' &&
      (body as { refresh_token?: string }).refresh_token === 'refresh-1'
        ? jsonResponse({ access_token: fresh, refresh_token: 'refresh-2' })
        : errorResponse(404, 'NOT_FOUND', 'Not found'),
    );
    const view = render(<RealtimeConnection testTarget={target} />);

    await waitFor(() => expect(realtime.getStatus()).toBe('live'));
    expect(server.handshakes).toEqual([expired.access_token, fresh]);
    expect(callsTo(fetchMock, '/api/auth/extend', 'PUT')).toHaveLength(1);
    expect(storedCredentials()?.access_token).toBe(fresh);
    view.unmount();
  });

  it('stops when the session cannot be renewed', async () => {
    signIn('admin', { lifetime: -60 });
    stubFetch(() => errorResponse(401, 'INVALID_TOKEN', 'Refresh token revoked'));
    const view = render(<RealtimeConnection testTarget={target} />);

    // The refused handshake asks for a renewal, which the server refuses: signed out, closed.
    await waitFor(() => expect(storedCredentials()).toBeNull());
    expect(server.handshakes).toHaveLength(1);
    await waitFor(() => expect(realtime.getStatus()).toBe('closed'));
    view.unmount();
  });
});
