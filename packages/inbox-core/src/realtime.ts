import type { TInboxClientEvents, TInboxServerEvents } from '@forecourt/contracts';
import { io, type Socket } from 'socket.io-client';
import { RECONNECT_DEFAULTS } from './constants';

/**
 * The part of a socket.io client socket the inbox uses (a fake can stand in for tests): socket.io's
 * connection events and the server's inbox events, typed by the contracts.
 */
export type SocketLike = {
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'notification_received', listener: TInboxServerEvents['notification_received']): unknown;
  on(event: 'unseen_count_changed', listener: TInboxServerEvents['unseen_count_changed']): unknown;
  on(event: 'unread_count_changed', listener: TInboxServerEvents['unread_count_changed']): unknown;
  disconnect(): unknown;
};

export type SocketFactory = (url: string, token: string, reconnect: ReconnectOptions) => SocketLike;

export type ReconnectOptions = { delayMs: number; maxDelayMs: number; jitter: number };

/**
 * The inbox socket: default namespace and path, websocket only (like the published clients), the
 * session token in the handshake `auth`, and socket.io's own reconnection with our back-off.
 * A server that refuses the token disconnects right after connecting; socket.io does not retry
 * after a server-side disconnect, which is what we want then.
 */
export const connectSocket: SocketFactory = (url, token, reconnect = RECONNECT_DEFAULTS) => {
  const socket: Socket<TInboxServerEvents, TInboxClientEvents> = io(url, {
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: reconnect.delayMs,
    reconnectionDelayMax: reconnect.maxDelayMs,
    randomizationFactor: reconnect.jitter,
  });
  return socket;
};
