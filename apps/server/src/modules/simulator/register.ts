import type { FastifyInstance } from 'fastify';
import type { Leadership } from '../../cluster/leader';
import type { Simulator } from './simulator';

/**
 * Runs the simulator while the server listens: it starts once the server is listening (so after
 * main has migrated and seeded) and stops, waiting for a tick in progress, before the server
 * closes. Apps that never listen (tests using `inject`) never start it. With a leadership it runs
 * only while this process leads.
 */
export function registerSimulator(app: FastifyInstance, simulator: Simulator, leadership?: Leadership): void {
  app.addHook('onListen', async () => {
    if (!leadership) {
      simulator.start();
      return;
    }
    // Several processes: only the leader simulates (stations would otherwise get N times the data).
    leadership.follow({ gained: () => simulator.start(), lost: () => void simulator.stop() });
  });
  app.addHook('preClose', async () => {
    await simulator.stop();
  });
}
