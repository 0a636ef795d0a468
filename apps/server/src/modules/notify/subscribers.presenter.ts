import { toHexId } from './ids';
import type { SubscriberRow } from './subscribers.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A subscriber in Novu's shape. */
export function presentSubscriber(row: SubscriberRow) {
  return {
    _id: toHexId(row.id),
    _organizationId: toHexId(row.organizationId),
    _environmentId: toHexId(row.environmentId),
    subscriberId: row.subscriberId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, unknown>,
    channels: JSON.parse(row.channels) as unknown[],
    isOnline: row.isOnline === 1,
    lastOnlineAt: iso(row.lastOnlineAt),
    deleted: false,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The short form populated into feed messages (`subscriber`, `actorSubscriber`). */
export function presentSubscriberRef(row: SubscriberRow) {
  return {
    _id: toHexId(row.id),
    subscriberId: row.subscriberId,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
  };
}
