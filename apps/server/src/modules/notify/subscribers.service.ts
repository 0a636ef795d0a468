import type { TSortDirection, TSubscriberInput, TSubscriberProfile } from '@forecourt/contracts';
import { notFound } from '../../lib/app-error';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { presentSubscriber } from './subscribers.presenter';
import {
  deleteSubscriber,
  findSubscriber,
  listSubscribers,
  profileColumns,
  updateSubscriber,
  upsertSubscriber,
} from './subscribers.repository';

type Deps = Pick<NotifyDeps, 'db' | 'now'>;

export async function identifySubscriber(deps: Deps, environment: EnvironmentRow, input: TSubscriberInput) {
  return presentSubscriber(await upsertSubscriber(deps.db, environment, input, deps.now()));
}

export async function getSubscriber(deps: Deps, environment: EnvironmentRow, subscriberId: string) {
  const row = await findSubscriber(deps.db, environment.id, subscriberId);
  if (!row) throw notFound('Subscriber');
  return presentSubscriber(row);
}

export async function changeSubscriber(
  deps: Deps,
  environment: EnvironmentRow,
  subscriberId: string,
  profile: TSubscriberProfile,
) {
  const row = await updateSubscriber(deps.db, environment.id, subscriberId, {
    ...profileColumns(profile),
    updatedAt: deps.now(),
  });
  if (!row) throw notFound('Subscriber');
  return presentSubscriber(row);
}

export async function removeSubscriber(
  deps: Pick<NotifyDeps, 'db' | 'widgetSessions'>,
  environment: EnvironmentRow,
  subscriberId: string,
) {
  const deleted = await deleteSubscriber(deps.db, environment.id, subscriberId);
  // Its inbox sessions end now in this process (not only when their cache entries expire).
  deps.widgetSessions.forgetSubscriber(environment.id, subscriberId);
  if (!deleted) throw notFound('Subscriber');
  return { acknowledged: true, status: 'deleted' };
}

export async function getSubscriberPage(
  deps: Deps,
  environment: EnvironmentRow,
  query: { page: number; limit: number; orderDirection?: TSortDirection | undefined },
) {
  const { rows, hasMore, count } = await listSubscribers(deps.db, environment.id, query);
  return {
    page: query.page,
    totalCount: count,
    pageSize: query.limit,
    hasMore,
    data: rows.map(presentSubscriber),
  };
}
