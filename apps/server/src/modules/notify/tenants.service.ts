import type { TSortDirection, TTenantCreate, TTenantEntity, TTenantUpdate } from '@forecourt/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { toHexId } from './ids';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import {
  deleteTenant,
  findTenant,
  insertTenant,
  listTenants,
  type TenantRow,
  updateTenant,
} from './tenants.repository';

type Deps = Pick<NotifyDeps, 'db' | 'now'>;

const taken = (identifier: string) =>
  new AppError('CONFLICT', `A tenant with the identifier "${identifier}" exists`);

export function presentTenant(row: TenantRow): TTenantEntity {
  return {
    _id: toHexId(row.id),
    identifier: row.identifier,
    name: row.name,
    data: JSON.parse(row.data) as Record<string, unknown>,
    _environmentId: toHexId(row.environmentId),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** What templates see as `tenant`: identifier, name and data. */
export function tenantVariables(row: TenantRow) {
  return {
    identifier: row.identifier,
    name: row.name,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

export async function createTenant(deps: Deps, environment: EnvironmentRow, input: TTenantCreate) {
  const row = await insertTenant(
    deps.db,
    environment,
    { identifier: input.identifier, name: input.name, data: JSON.stringify(input.data ?? {}) },
    deps.now(),
  );
  if (!row) throw taken(input.identifier);
  return presentTenant(row);
}

export async function getTenant(deps: Deps, environment: EnvironmentRow, identifier: string) {
  const row = await findTenant(deps.db, environment.id, identifier);
  if (!row) throw notFound('Tenant');
  return presentTenant(row);
}

export async function changeTenant(
  deps: Deps,
  environment: EnvironmentRow,
  identifier: string,
  input: TTenantUpdate,
) {
  const row = await updateTenant(
    deps.db,
    environment.id,
    identifier,
    {
      ...(input.identifier === undefined ? {} : { identifier: input.identifier }),
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.data === undefined ? {} : { data: JSON.stringify(input.data) }),
    },
    deps.now(),
  );
  if (row === 'conflict') throw taken(input.identifier ?? identifier);
  if (!row) throw notFound('Tenant');
  return presentTenant(row);
}

export async function removeTenant(deps: Deps, environment: EnvironmentRow, identifier: string) {
  if (!(await deleteTenant(deps.db, environment.id, identifier))) throw notFound('Tenant');
}

/** Novu's paginated answer: `{data, page, pageSize, hasMore}` (plus `totalCount`, capped). */
export async function getTenantPage(
  deps: Deps,
  environment: EnvironmentRow,
  query: { page: number; limit: number; identifier?: string; orderDirection?: TSortDirection | undefined },
) {
  const { rows, hasMore, count } = await listTenants(deps.db, environment.id, query);
  return {
    data: rows.map(presentTenant),
    page: query.page,
    pageSize: query.limit,
    hasMore,
    totalCount: count,
  };
}
