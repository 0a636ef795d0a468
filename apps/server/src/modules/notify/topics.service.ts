import type { TSortDirection } from '@forecourt/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { toHexId } from './ids';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import {
  addTopicSubscribers,
  deleteTopic,
  findTopic,
  insertTopic,
  listTopics,
  removeTopicSubscribers,
  renameTopic,
  topicSubscriberIds,
} from './topics.repository';

type Deps = Pick<NotifyDeps, 'db' | 'now'>;
type TopicRow = NonNullable<Awaited<ReturnType<typeof findTopic>>>;

function presentTopic(row: TopicRow, subscribers: string[]) {
  return {
    _id: toHexId(row.id),
    _environmentId: toHexId(row.environmentId),
    _organizationId: toHexId(row.organizationId),
    key: row.key,
    name: row.name,
    subscribers,
  };
}

async function requireTopic(deps: Deps, environment: EnvironmentRow, key: string): Promise<TopicRow> {
  const topic = await findTopic(deps.db, environment.id, key);
  if (!topic) throw notFound('Topic');
  return topic;
}

/** 201 `{_id, key}`; a key that exists is a 409. */
export async function createTopic(
  deps: Deps,
  environment: EnvironmentRow,
  input: { key: string; name?: string },
) {
  const row = await insertTopic(deps.db, environment, input.key, input.name ?? input.key, deps.now());
  if (!row) throw new AppError('CONFLICT', `A topic with the key "${input.key}" exists`);
  return { _id: toHexId(row.id), key: row.key };
}

export async function getTopic(deps: Deps, environment: EnvironmentRow, key: string) {
  const topic = await requireTopic(deps, environment, key);
  return presentTopic(topic, await topicSubscriberIds(deps.db, topic.id));
}

export async function changeTopicName(deps: Deps, environment: EnvironmentRow, key: string, name: string) {
  const row = await renameTopic(deps.db, environment.id, key, name, deps.now());
  if (!row) throw notFound('Topic');
  return presentTopic(row, await topicSubscriberIds(deps.db, row.id));
}

export async function removeTopic(deps: Deps, environment: EnvironmentRow, key: string): Promise<void> {
  if (!(await deleteTopic(deps.db, environment.id, key))) throw notFound('Topic');
}

/** `{succeeded: [...], failed: {notFound: [...]}}` as Novu answers it. */
export async function addSubscribersToTopic(
  deps: Deps,
  environment: EnvironmentRow,
  key: string,
  subscriberIds: string[],
) {
  const topic = await requireTopic(deps, environment, key);
  const found = await addTopicSubscribers(deps.db, topic, subscriberIds, deps.now());
  const missing = [...new Set(subscriberIds)].filter((id) => !found.has(id));
  return {
    succeeded: [...new Set(subscriberIds)].filter((id) => found.has(id)),
    ...(missing.length > 0 ? { failed: { notFound: missing } } : {}),
  };
}

export async function removeSubscribersFromTopic(
  deps: Deps,
  environment: EnvironmentRow,
  key: string,
  subscriberIds: string[],
): Promise<void> {
  const topic = await requireTopic(deps, environment, key);
  await removeTopicSubscribers(deps.db, topic, subscriberIds);
}

export async function getTopicPage(
  deps: Deps,
  environment: EnvironmentRow,
  query: { page: number; limit: number; key?: string; orderDirection?: TSortDirection | undefined },
) {
  const { rows, count } = await listTopics(deps.db, environment.id, query);
  const data = [];
  for (const row of rows) data.push(presentTopic(row, await topicSubscriberIds(deps.db, row.id, 100)));
  return { page: query.page, pageSize: query.limit, totalCount: count, data };
}
