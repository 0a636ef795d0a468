import { ZApiError } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import type { AccountsDeps } from '../accounts/accounts.deps';
import { inviteMember } from './invitations.service';
import {
  ZInvitationRequest,
  ZMember,
  ZMemberList,
  ZMemberListQuery,
  ZMemberParams,
  ZMemberUpdate,
} from './members.schemas';
import { getMemberList, setMemberDisabled, updateMember } from './members.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Member management for organisation admins (`members:r`, `members:c`, `members:u`). */
export function membersRoutes(deps: AccountsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/members',
      {
        config: { grant: 'members:r' },
        schema: {
          tags: ['members'],
          summary: 'Members and invitations of the organisation',
          querystring: ZMemberListQuery,
          response: { 200: ZMemberList, ...errors },
        },
      },
      (request) => getMemberList(deps.db, requireCaller(request), request.query),
    );

    app.post(
      '/api/members/invitations',
      {
        config: { grant: 'members:c' },
        schema: {
          tags: ['members'],
          summary: 'Invite someone by email (mails a signup token valid 7 days)',
          body: ZInvitationRequest,
          response: { 201: ZMember, ...errors },
        },
      },
      async (request, reply) => {
        const member = await inviteMember(deps, requireCaller(request), request.body);
        return reply.status(201).send(member);
      },
    );

    app.patch(
      '/api/members/:id',
      {
        config: { grant: 'members:u' },
        schema: {
          tags: ['members'],
          summary: "Change a member's role, scope or stations",
          params: ZMemberParams,
          body: ZMemberUpdate,
          response: { 200: ZMember, ...errors },
        },
      },
      (request) => updateMember(deps, requireCaller(request), request.params.id, request.body),
    );

    for (const action of ['disable', 'enable'] as const) {
      app.post(
        `/api/members/:id/${action}`,
        {
          config: { grant: 'members:u' },
          schema: {
            tags: ['members'],
            summary:
              action === 'disable' ? 'Disable a member (ends their sessions)' : 'Enable a member again',
            params: ZMemberParams,
            response: { 200: ZMember, ...errors },
          },
        },
        (request) => setMemberDisabled(deps, requireCaller(request), request.params.id, action === 'disable'),
      );
    }
  };
}
