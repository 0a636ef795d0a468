import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StationLiveIndicator } from './live-indicator';
import { realtime } from './realtime-client';
import { startServer, type TFakeServer } from './test-socket-server';

describe('station live indicator', () => {
  let server: TFakeServer;

  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    realtime.stop();
    await server.close();
  });

  it('joins the station room while mounted and says whether the feed is live', async () => {
    const view = render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <StationLiveIndicator stationId={7} slug="ring-road-surat" stationStatus="operational" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    // Nothing to show before the shell starts the connection.
    expect(screen.queryByTestId('live-indicator')).toBeNull();

    realtime.start({
      io,
      url: server.url,
      getToken: () => 'token-1',
      renew: async () => 'ended',
      socketOptions: { forceNew: true },
    });
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('live'),
    );
    expect(screen.getByRole('status', { name: 'Live updates: Live' })).toBeTruthy();
    expect(server.sockets()[0]?.rooms.has('station:7')).toBe(true);

    for (const socket of server.sockets()) socket.disconnect(true);
    await waitFor(() =>
      expect(['reconnecting', 'connecting', 'live']).toContain(
        screen.getByTestId('live-indicator').getAttribute('data-status'),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('live'),
    );

    realtime.stop();
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('offline'),
    );
    view.unmount();
  });

  it('never says "Live" for an offline or closed station, even with the feed connected', async () => {
    realtime.start({
      io,
      url: server.url,
      getToken: () => 'token-1',
      renew: async () => 'ended',
      socketOptions: { forceNew: true },
    });
    for (const [status, label] of [
      ['offline', 'Not reporting'],
      ['closed', 'No live data'],
    ] as const) {
      const view = render(
        <MantineProvider env="test">
          <QueryClientProvider client={new QueryClient()}>
            <StationLiveIndicator stationId={7} slug="ring-road-surat" stationStatus={status} />
          </QueryClientProvider>
        </MantineProvider>,
      );
      await waitFor(() => expect(server.sockets()[0]?.rooms.has('station:7')).toBe(true));
      const badge = screen.getByTestId('live-indicator');
      expect(badge.getAttribute('data-status')).toBe(status);
      expect(badge.textContent).toBe(label);
      expect(screen.queryByText('Live')).toBeNull();
      view.unmount();
    }
  });
});
