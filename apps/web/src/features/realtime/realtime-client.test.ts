import { OPERATIONS_NAMESPACE, type TOperationsEvents, type TStationSchematic } from '@forecourt/contracts';
import { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEMATIC } from '../assets/fixtures';
import { assetKeys } from '../assets/queries';
import { listFuellingPoints } from '../assets/schematic-model';
import { RealtimeClient, refusalDelay, type TRenewOutcome } from './realtime-client';
import { startServer, type TFakeServer } from './test-socket-server';
import { createEventBatcher } from './use-station-live';

const nozzleEvent: TOperationsEvents['nozzle.state'] = {
  stationId: 7,
  dispenserId: 11,
  nozzleId: 102,
  status: 'dispensing',
  state: 'fuelling',
  at: '2026-04-01T06:31:00.000Z',
};

describe('realtime client against a socket.io server', () => {
  let server: TFakeServer;
  let client: RealtimeClient;
  let token: string;
  let renew: ReturnType<typeof vi.fn<(stale: string) => Promise<TRenewOutcome>>>;

  const start = () =>
    client.start({
      io,
      url: server.url,
      getToken: () => token,
      renew,
      socketOptions: { forceNew: true },
    });

  beforeEach(async () => {
    server = await startServer();
    client = new RealtimeClient();
    token = 'token-1';
    renew = vi.fn(async () => 'renewed' as const);
  });

  afterEach(async () => {
    client.stop();
    await server.close();
  });

  it('subscribes a watched station and patches the cached schematic on nozzle.state', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(assetKeys.schematic('ring-road-surat'), SCHEMATIC);
    const batcher = createEventBatcher(queryClient, 'ring-road-surat', { batchMs: 5, settleMs: 5 });
    const stop = client.watch(7, batcher.handle);
    expect(client.getStationStatus(7)).toBe('idle');
    start();

    await vi.waitFor(() => expect(client.getStationStatus(7)).toBe('live'));
    expect(server.handshakes).toEqual(['token-1']);
    // The server sends to the station's room; a malformed event is dropped, the valid one applied.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.io.of(OPERATIONS_NAMESPACE).to('station:7').emit('nozzle.state', { stationId: 7, state: 'bogus' });
    server.io.of(OPERATIONS_NAMESPACE).to('station:7').emit('nozzle.state', nozzleEvent);
    await vi.waitFor(() => {
      const schematic = queryClient.getQueryData<TStationSchematic>(assetKeys.schematic('ring-road-surat'));
      const point = schematic && listFuellingPoints(schematic).find((entry) => entry.nozzle.id === 102);
      expect(point?.nozzle.state).toBe('fuelling');
    });
    expect(warn).toHaveBeenCalledWith('Ignored a malformed nozzle.state event', expect.anything());
    warn.mockRestore();
    stop();
    batcher.dispose();
  });

  it('marks a station the server refuses as unavailable', async () => {
    server.hidden.add(99);
    client.watch(99, () => undefined);
    const listener = vi.fn();
    client.watch(7, listener);
    start();
    await vi.waitFor(() => expect(client.getStationStatus(99)).toBe('unavailable'));
    expect(client.getStationStatus(7)).toBe('live');
  });

  it('renews a refused token and connects again with the fresh one', async () => {
    token = 'expired';
    renew.mockImplementation(async (stale) => {
      expect(stale).toBe('expired');
      token = 'token-2';
      server.validTokens.add('token-2');
      return 'renewed';
    });
    client.watch(7, () => undefined);
    start();

    await vi.waitFor(() => expect(client.getStationStatus(7)).toBe('live'));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(server.handshakes).toEqual(['expired', 'token-2']);
  });

  it('renews once only when the server refuses the fresh token too, and keeps trying', async () => {
    token = 'expired';
    renew.mockImplementation(async () => {
      token = 'also-refused';
      return 'renewed';
    });
    start();
    await vi.waitFor(
      () => expect(server.handshakes.filter((t) => t === 'also-refused').length).toBeGreaterThanOrEqual(2),
      {
        timeout: 4000,
      },
    );
    expect(renew).toHaveBeenCalledTimes(1);
    expect(client.getStatus()).toBe('reconnecting');
    // Another tab renews meanwhile: the new token is tried at once.
    server.validTokens.add('token-3');
    token = 'token-3';
    client.tokenChanged();
    // A handshake on a busy machine (the whole suite runs in parallel) can take over a second.
    await vi.waitFor(() => expect(client.getStatus()).toBe('live'), { timeout: 4000 });
  });

  it('stops when the session cannot be renewed, and on FORBIDDEN', async () => {
    token = 'revoked';
    renew.mockResolvedValue('ended');
    start();
    await vi.waitFor(() => expect(client.getStatus()).toBe('closed'));
    expect(client.getStationStatus(7)).toBe('offline');

    token = 'token-1';
    server.forbidden = true;
    client.watch(7, () => undefined);
    start();
    await vi.waitFor(() => expect(client.getStatus()).toBe('refused'));
    expect(client.getStationStatus(7)).toBe('unavailable');
  });

  it('subscribes again after the server drops the connection', async () => {
    const listener = vi.fn();
    client.watch(7, listener);
    start();
    await vi.waitFor(() => expect(client.getStationStatus(7)).toBe('live'));

    const statuses: string[] = [];
    client.subscribe(() => statuses.push(client.getStationStatus(7)));
    for (const socket of server.sockets()) socket.disconnect(true);
    await vi.waitFor(() => expect(statuses).toContain('reconnecting'));
    await vi.waitFor(() => expect(client.getStationStatus(7)).toBe('live'));
    expect(server.handshakes).toEqual(['token-1', 'token-1']);

    server.io.of(OPERATIONS_NAMESPACE).to('station:7').emit('nozzle.state', nozzleEvent);
    await vi.waitFor(() =>
      expect(listener).toHaveBeenCalledWith({ name: 'nozzle.state', payload: nozzleEvent }),
    );
  });

  it('leaves the station room after the last watcher goes, and closes on stop', async () => {
    const stop = client.watch(7, () => undefined);
    start();
    await vi.waitFor(() => expect(client.getStationStatus(7)).toBe('live'));
    const [socket] = server.sockets();
    expect(socket?.rooms.has('station:7')).toBe(true);

    stop();
    await vi.waitFor(() => expect(socket?.rooms.has('station:7')).toBe(false), { timeout: 3000 });

    client.stop();
    await vi.waitFor(() => expect(server.sockets()).toHaveLength(0));
    expect(client.getStatus()).toBe('closed');
  });
});

describe('refusalDelay', () => {
  it('backs off from 1 s to a 5 s cap with ±50 % jitter', () => {
    expect(refusalDelay(0, () => 0.5)).toBe(1000);
    expect(refusalDelay(1, () => 0.5)).toBe(2000);
    expect(refusalDelay(5, () => 0.5)).toBe(5000);
    expect(refusalDelay(0, () => 0)).toBe(500);
    expect(refusalDelay(0, () => 1)).toBe(1500);
    expect(refusalDelay(9, () => 1)).toBe(5000);
  });
});
