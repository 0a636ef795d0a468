import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { auditTrail, changedFields, recordAudit } from './audit.repository';

describe('audit trail', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('records entries and reads one record’s trail newest first, scoped to the organisation', async () => {
    const { db } = database;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const user = await createUser(db, { firstName: 'Asha', lastName: 'Rao' });
    await recordAudit(db, {
      organizationId: org.id,
      actorUserId: user.id,
      action: 'card.created',
      kind: 'card',
      id: 7,
      at: 1000,
    });
    await recordAudit(db, {
      organizationId: org.id,
      actorUserId: null,
      action: 'card.blocked',
      kind: 'card',
      id: 7,
      data: { from: 'active', to: 'blocked' },
      at: 2000,
    });
    await recordAudit(db, {
      organizationId: org.id,
      actorUserId: user.id,
      action: 'card.created',
      kind: 'card',
      id: 8,
      at: 3000,
    });
    await recordAudit(db, {
      organizationId: other.id,
      actorUserId: null,
      action: 'card.created',
      kind: 'card',
      id: 7,
      at: 4000,
    });

    const trail = await auditTrail(db, org.id, 'card', 7);
    expect(trail.map((entry) => entry.action)).toEqual(['card.blocked', 'card.created']);
    expect(trail[0]).toMatchObject({ actor: null, data: { from: 'active', to: 'blocked' } });
    expect(trail[1]?.actor).toEqual({ id: user.id, name: 'Asha Rao' });
    expect(trail[1]?.at).toBe(new Date(1000).toISOString());
  });

  it('lists only the fields that changed', () => {
    expect(
      changedFields({ name: 'A', phone: '1', shift: 'morning' }, { name: 'A', phone: '2', shift: undefined }),
    ).toEqual({
      phone: { from: '1', to: '2' },
    });
    expect(changedFields({ tags: ['a'] }, { tags: ['a'] })).toEqual({});
  });
});
