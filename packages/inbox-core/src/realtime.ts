import { io } from 'socket.io-client';
import { RECONNECT_DEFAULTS } from './constants';

/** The part of a socket.io client socket the inbox uses (a fake can stand in for tests). */
export type SocketLike = {
  on(event: string, listener: (...args: never[]) => void): unknown;
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
export const connectSocket: SocketFactory = (url, token, reconnect = RECONNECT_DEFAULTS) =>
  io(url, {
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: reconnect.delayMs,
    reconnectionDelayMax: reconnect.maxDelayMs,
    randomizationFactor: reconnect.jitter,
  });
