import { ZTenantCreate, ZTenantIdentifier, ZTenantPageQuery, ZTenantUpdate } from '@forecourt/contracts';
import { z } from 'zod';
import type { NotifyDeps } from './notify.deps';
import { type Operation, op } from './notify.routes';
import { changeTenant, createTenant, getTenant, getTenantPage, removeTenant } from './tenants.service';

const ZTenantParams = z.object({ identifier: ZTenantIdentifier });

/** The tenants operations (Novu v1 shapes), under `/v1` (ApiKey) and `/api/platform/notifications`. */
export function tenantOperations(deps: NotifyDeps): Operation[] {
  return [
    op({
      method: 'GET',
      path: '/tenants',
      grant: 'notifications:r',
      summary: 'Tenants of the environment, newest first',
      schema: { querystring: ZTenantPageQuery },
      status: 200,
      envelope: 'page',
      run: (environment, { query }) => getTenantPage(deps, environment, query),
    }),
    op({
      method: 'POST',
      path: '/tenants',
      grant: 'notifications:c',
      summary: 'Create a tenant (409 when the identifier exists)',
      schema: { body: ZTenantCreate },
      status: 201,
      envelope: 'data',
      run: (environment, { body }) => createTenant(deps, environment, body),
    }),
    op({
      method: 'GET',
      path: '/tenants/:identifier',
      grant: 'notifications:r',
      summary: 'A tenant',
      schema: { params: ZTenantParams },
      status: 200,
      envelope: 'data',
      run: (environment, { params }) => getTenant(deps, environment, params.identifier),
    }),
    op({
      method: 'PATCH',
      path: '/tenants/:identifier',
      grant: 'notifications:u',
      summary: 'Change a tenant (identifier, name, data)',
      schema: { params: ZTenantParams, body: ZTenantUpdate },
      status: 200,
      envelope: 'data',
      run: (environment, { params, body }) => changeTenant(deps, environment, params.identifier, body),
    }),
    op({
      method: 'DELETE',
      path: '/tenants/:identifier',
      grant: 'notifications:d',
      summary: 'Delete a tenant',
      schema: { params: ZTenantParams },
      status: 204,
      envelope: 'none',
      run: async (environment, { params }) => {
        await removeTenant(deps, environment, params.identifier);
      },
    }),
  ];
}
