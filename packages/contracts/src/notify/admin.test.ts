import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin';
import { ZWorkflowPreview } from './preview';
import { ZWidgetMessage } from './widget';

const schemas = Object.entries(admin as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

const environment = {
  _id: '000000000000000000000001',
  _organizationId: '000000000000000000000002',
  name: 'Production',
  identifier: 'app-1',
  applicationIdentifier: 'app-1',
  secretKeyHint: '…wxyz',
  hmacRequired: false,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  rotatedAt: null,
};

describe('notification admin contracts', () => {
  it.each([
    ...schemas,
    ['ZWorkflowPreview', ZWorkflowPreview] as const,
    ['ZWidgetMessage', ZWidgetMessage] as const,
  ])('%s converts as a response (OpenAPI)', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })).not.toThrow();
  });

  it('shows the secret key only in the rotation answer', () => {
    expect(admin.ZNotifyEnvironment.safeParse(environment).success).toBe(true);
    expect(admin.ZRotatedNotifyEnvironment.safeParse(environment).success).toBe(false);
    expect(admin.ZRotatedNotifyEnvironment.safeParse({ ...environment, secretKey: 'sk' }).success).toBe(true);
  });

  it('keeps an activity feed page to its keyset shape', () => {
    const item = {
      _id: '000000000000000000000005',
      transactionId: 'tx-1',
      triggerIdentifier: 'system-announcement',
      _templateId: null,
      status: 'processed',
      source: null,
      notifications: 1,
      jobs: { completed: 1 },
      errors: 0,
      createdAt: '2026-03-01T08:00:00.000Z',
      canceledAt: null,
    };
    expect(admin.ZActivityFeed.safeParse({ data: [item], hasMore: false }).success).toBe(true);
    expect(
      admin.ZActivityFeed.safeParse({ data: [{ ...item, jobs: { completed: 'one' } }], hasMore: false })
        .success,
    ).toBe(false);
  });
});
