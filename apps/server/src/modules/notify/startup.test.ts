import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { DEMO_ORGANIZATION_SLUG } from '../../notify-platform';
import { createOrganization } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { DOMAIN_WORKFLOWS } from './domain-workflows';
import { findEnvironmentOfOrganization } from './environments.repository';
import { seedNotify } from './seed';

describe('notification environments at seed and startup', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const secretKey = 'preset-demo-key-0123456789abcdef0123456789';

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('the seed creates an environment per organisation with the announcement and domain workflows', async () => {
    const a = await createOrganization(database.db, { slug: DEMO_ORGANIZATION_SLUG });
    const b = await createOrganization(database.db);
    expect(await seedNotify(database.db, Date.now())).toBe(2);
    expect(await seedNotify(database.db, Date.now())).toBe(0);
    for (const organization of [a, b]) {
      const environment = await findEnvironmentOfOrganization(database.db, organization.id);
      expect(environment).toBeDefined();
      const workflows = await database.db
        .selectFrom('notifyWorkflows')
        .select('triggerIdentifier')
        .where('environmentId', '=', environment?.id as number)
        .execute();
      expect(workflows.map((workflow) => workflow.triggerIdentifier).sort()).toEqual(
        ['system-announcement', ...DOMAIN_WORKFLOWS.map((workflow) => workflow.triggerIdentifier)].sort(),
      );
    }
  });

  it('NOTIFY_SECRET_KEY becomes the demo organisation’s key when the app starts, and is never logged', async () => {
    const lines: string[] = [];
    const start = async () => {
      const app = await createApp({
        database,
        webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
        logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
        notify: { secretKey, publicUrl: 'https://forecourt.example.in/' },
      });
      await app.ready();
      return app;
    };
    const app = await start();
    const response = await app.inject({
      method: 'GET',
      url: '/v1/environments/me',
      headers: { authorization: `ApiKey ${secretKey}` },
    });
    expect(response.statusCode).toBe(200);
    expect(lines.some((line) => line.includes('NOTIFY_SECRET_KEY applied'))).toBe(true);
    await app.close();
    // Idempotent: a restart with the same key changes nothing.
    lines.length = 0;
    const again = await start();
    expect(lines.some((line) => line.includes('NOTIFY_SECRET_KEY applied'))).toBe(false);
    const wrong = await again.inject({
      method: 'GET',
      url: '/v1/subscribers',
      headers: { authorization: 'ApiKey nope' },
    });
    expect(wrong.statusCode).toBe(401);
    await again.close();
    expect(lines.join('\n')).not.toContain(secretKey);
    const stored = await database.db.selectFrom('notifyEnvironments').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secretKey);
  });
});
