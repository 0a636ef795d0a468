import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of `npm run lint:imports` fail on a deliberate violation of each: the checker
 * runs with the repository's own configuration on scripts/import-rules-fixture, a small tree laid
 * out like the repository.
 */
const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixture = join(root, 'scripts/import-rules-fixture');

async function exitOf(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [command, ...args], { cwd: fixture });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('import rules', () => {
  it('reject a foreign repository, a package importing an app and a feature internal', async () => {
    const { code, output } = await exitOf(
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      ['apps', 'packages', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    );
    expect(code).not.toBe(0);
    expect(output).toContain(
      'no-foreign-repository: apps/server/src/modules/billing/billing.service.ts → apps/server/src/modules/orders/orders.repository.ts',
    );
    expect(output).toContain(
      'no-package-imports-app: packages/kit/src/kit.ts → apps/server/src/modules/billing/billing.service.ts',
    );
    expect(output).toContain(
      'no-feature-internals: apps/web/src/features/checkout/checkout.ts → apps/web/src/features/cart/cart-total.ts',
    );
    // The cart feature's entry (features/cart/index.ts) and a module's own repository are allowed.
    expect(output).not.toContain('checkout.ts → apps/web/src/features/cart/index.ts');
    expect(output).toContain('3 dependency violations');
  }, 120_000);

  it('reject a cycle between two server modules through different files', async () => {
    const { code, output } = await exitOf(join(root, 'scripts/check-module-cycles.mjs'), [fixture]);
    expect(code).toBe(1);
    expect(output).toContain('error no-module-cycle: orders ↔ shipping');
    expect(output).toContain(
      'apps/server/src/modules/shipping/shipping.service.ts → apps/server/src/modules/orders/order-prefix.ts',
    );
  }, 120_000);
});
