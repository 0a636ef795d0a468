import type { Db } from '../apps/server/src/db/database';
import { presetSecretKey } from '../apps/server/src/modules/notify/environments.service';
import { notifyKeys } from '../apps/server/src/modules/notify/secrets';
import { keyVersion } from '../apps/server/src/modules/widget/widget-session';
import { signWidgetToken } from '../apps/server/src/modules/widget/widget-token';

/**
 * Inbox subscribers for the socket benches (bench/cluster.ts, bench/sockets-10k.ts): the
 * organisation's notification environment gets a known secret key, `count` subscribers
 * (`bench-0` …) and an inbox token each, signed with the environment's widget key as a session
 * would sign it.
 */
export async function inboxSubscribers(db: Db, organizationId: number, count: number, secretKey: string) {
  const keys = notifyKeys(db, Date.now);
  await presetSecretKey({ db, now: Date.now, keys }, organizationId, secretKey);
  const environment = await db
    .selectFrom('notifyEnvironments')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const rows: { id: number; subscriberId: string }[] = [];
  for (let start = 0; start < count; start += 1_000) {
    rows.push(
      ...(await db
        .insertInto('notifySubscribers')
        .values(
          Array.from({ length: Math.min(1_000, count - start) }, (_, i) => ({
            environmentId: environment.id,
            organizationId,
            subscriberId: `bench-${start + i}`,
            data: '{}',
            channels: '[]',
            isOnline: 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning(['id', 'subscriberId'])
        .execute()),
    );
  }
  const signingKey = await keys.widgetSigningKey();
  const tokens = await Promise.all(
    rows.map((row) =>
      signWidgetToken(
        signingKey,
        {
          id: row.id,
          environmentId: environment.id,
          organizationId,
          subscriberId: row.subscriberId,
          firstName: null,
          lastName: null,
          email: null,
        },
        // Inbox subscribers here are not dashboard users: no user generation to follow.
        { keyVersion: keyVersion(environment.secretKeyHash) },
        Date.now(),
      ),
    ),
  );
  return { environment, tokens };
}
