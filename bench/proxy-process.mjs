// The loopback round-robin proxy (scripts/cluster-proxy.mjs) in a process of its own, for
// bench/sockets-10k.ts: 10,000 sockets through it hold 20,000 descriptors and a share of the CPU
// that should not be the load generator's. Backends are the arguments; sends { url } once
// listening and { stats } whenever it receives { stats: true }.
import { startProxy } from '../scripts/cluster-proxy.mjs';

const proxy = await startProxy({ backends: process.argv.slice(2) });
process.send?.({ url: proxy.url });
process.on('message', (message) => {
  if (message.stats) process.send?.({ stats: proxy.stats });
});
process.on('disconnect', () => process.exit(0));
