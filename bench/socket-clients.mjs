// A client process of bench/sockets-10k.ts: holds a share of the inbox sockets so the client side
// is not one event loop. Told over IPC: { url, tokens, perTick }; connects `perTick` sockets every
// 100 ms (socket.io defaults for reconnection), reports { connected, total, reasons } every 100 ms, and on
// { close: true } closes every socket and exits.
import { io } from 'socket.io-client';

const sockets = [];
/** Why connections failed or ended (connect_error messages, disconnect reasons), counted. */
const reasons = {};
const count = (key) => {
  reasons[key] = (reasons[key] ?? 0) + 1;
};
let timer;
process.on('message', async (message) => {
  if (message.close) {
    clearInterval(timer);
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
  const { url, tokens, perTick } = message;
  timer = setInterval(() => {
    let connected = 0;
    for (const socket of sockets) if (socket.connected) connected += 1;
    process.send?.({ connected, total: tokens.length, reasons });
  }, 100);
  for (let i = 0; i < tokens.length; i += 1) {
    const socket = io(url, { auth: { token: tokens[i] }, transports: ['websocket'], forceNew: true });
    socket.on('connect_error', (error) => count(`connect_error: ${error.message}`));
    socket.on('disconnect', (reason) => count(`disconnect: ${reason}`));
    sockets.push(socket);
    if ((i + 1) % perTick === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
process.on('disconnect', () => process.exit(0));
