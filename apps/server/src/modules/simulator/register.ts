import type { FastifyInstance } from 'fastify';
import type { Simulator } from './simulator';

/**
 * Runs the simulator while the server listens: it starts once the server is listening (so after
 * main has migrated and seeded) and stops, waiting for a tick in progress, before the server
 * closes. Apps that never listen (tests using `inject`) never start it.
 */
export function registerSimulator(app: FastifyInstance, simulator: Simulator): void {
  app.addHook('onListen', async () => {
    simulator.start();
  });
  app.addHook('preClose', async () => {
    await simulator.stop();
  });
}
