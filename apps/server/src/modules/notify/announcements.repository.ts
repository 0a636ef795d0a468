import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { bigintValue } from '../../db/sql-values';
import type { EnvironmentRow } from './notify.deps';

/** SQL of announcements: the organisation topic kept equal to the active members, and one member. */

/** The organisation's active members as subscriber rows of the environment (a subquery). */
function activeMemberSubscribers(db: Db, environment: EnvironmentRow) {
  return db
    .selectFrom('notifySubscribers as s')
    .innerJoin('memberships as m', (join) => join.on(sql<boolean>`s.subscriber_id = cast(m.user_id as text)`))
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('s.environmentId', '=', environment.id)
    .where('m.organizationId', '=', environment.organizationId)
    .where('m.status', '=', 'active')
    .where('m.disabledAt', 'is', null)
    .where('u.disabledAt', 'is', null);
}

/** Active, enabled members of the organisation with no subscriber row in the environment. */
export function membersWithoutSubscriber(trx: Db, environment: EnvironmentRow) {
  return trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email'])
    .where('m.organizationId', '=', environment.organizationId)
    .where('m.status', '=', 'active')
    .where('m.disabledAt', 'is', null)
    .where('u.disabledAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notifySubscribers as s')
            .select('s.id')
            .where('s.environmentId', '=', environment.id)
            .where(sql<boolean>`s.subscriber_id = cast(u.id as text)`),
        ),
      ),
    )
    .execute();
}

/** The topic holds exactly the active members' subscribers (others removed); returns how many. */
export async function setTopicToActiveMembers(
  trx: Db,
  environment: EnvironmentRow,
  topicId: number,
  now: number,
): Promise<number> {
  const members = activeMemberSubscribers(trx, environment).select('s.id');
  await trx
    .deleteFrom('notifyTopicSubscribers')
    .where('topicId', '=', topicId)
    .where('subscriberId', 'not in', members)
    .execute();
  await trx
    .insertInto('notifyTopicSubscribers')
    .columns(['topicId', 'subscriberId', 'environmentId', 'createdAt'])
    .expression(
      activeMemberSubscribers(trx, environment).select([
        bigintValue(topicId).as('topicId'),
        's.id as subscriberId',
        bigintValue(environment.id).as('environmentId'),
        bigintValue(now).as('createdAt'),
      ]),
    )
    .onConflict((oc) => oc.columns(['topicId', 'subscriberId']).doNothing())
    .execute();
  const count = await trx
    .selectFrom('notifyTopicSubscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topicId', '=', topicId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** A member of the organisation by user id, with the membership's and the user's state. */
export function findMemberForAnnouncement(db: Db, organizationId: number, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'm.status',
      'm.disabledAt',
      'u.disabledAt as userDisabledAt',
    ])
    .where('m.organizationId', '=', organizationId)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}
