import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { findEnvironmentOfOrganization } from './environments.repository';
import { presetSecretKey } from './environments.service';
import type { EnvironmentRow } from './notify.deps';
import { notifyKeys, subscriberHash } from './secrets';

/** Test helpers for the notification platform (not used by the app). */

export type NotifyFixture = {
  organization: { id: number };
  environment: EnvironmentRow;
  secretKey: string;
  apiKeyHeaders: Record<string, string>;
  admin: Awaited<ReturnType<typeof createSignedInUser>>;
  /** `app.inject` with the ApiKey header. */
  v1(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  hash(subscriberId: string): string;
};

let counter = 0;

/** An organisation with an admin and a notification environment whose secret key the test knows. */
export async function createNotifyFixture(t: TestApp): Promise<NotifyFixture> {
  const db = t.database.db;
  counter += 1;
  const organization = await createOrganization(db);
  const admin = await createSignedInUser(db, { organizationId: organization.id, role: 'admin' });
  const secretKey = `test-secret-${counter}-${'k'.repeat(40)}`;
  const deps = { db, now: t.clock.now, keys: notifyKeys(db, t.clock.now) };
  await presetSecretKey(deps, organization.id, secretKey);
  const environment = (await findEnvironmentOfOrganization(db, organization.id)) as EnvironmentRow;
  const apiKeyHeaders = { authorization: `ApiKey ${secretKey}` };
  return {
    organization,
    environment,
    secretKey,
    apiKeyHeaders,
    admin,
    v1: (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: apiKeyHeaders,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    hash: (subscriberId) => subscriberHash(secretKey, subscriberId),
  };
}

/** Starts an inbox session over HTTP; returns the bearer headers and the profile. */
export async function widgetSession(
  app: FastifyInstance,
  fixture: NotifyFixture,
  subscriberId: string,
): Promise<{ headers: Record<string, string>; subscriberRowId: string; token: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/widgets/session/initialize',
    payload: {
      applicationIdentifier: fixture.environment.applicationIdentifier,
      subscriberId,
      hmacHash: fixture.hash(subscriberId),
    },
  });
  if (response.statusCode !== 201) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  const { token, profile } = response.json().data as { token: string; profile: { _id: string } };
  return { headers: { authorization: `Bearer ${token}` }, subscriberRowId: profile._id, token };
}

/** Triggers and waits until the queue has delivered. */
export async function triggerAndWait(
  t: TestApp,
  fixture: NotifyFixture,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const response = await fixture.v1('POST', '/v1/events/trigger', body);
  await t.app.notify.queue.drain();
  return response;
}
