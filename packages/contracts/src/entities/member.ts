import { z } from 'zod';
import { ZEmail } from '../auth';
import { ZRole } from '../enums';
import { zListQuery, zListResponse } from '../list';

/**
 * Members of an organisation (`/api/members`, docs/API.md "Members"): everyone who can sign in,
 * and the people invited who have not signed up yet.
 */

export const MEMBER_STATUSES = ['new', 'active', 'invited'] as const;

/** Every station of the organisation, or the listed ones. */
export const ZStationAccess = z.union([z.literal('all'), z.array(z.number().int().min(1)).max(1000)]);
export type TStationAccess = z.infer<typeof ZStationAccess>;

/** A custom `resource:letters …` scope; null falls back to the role's scope. */
export const ZScopeInput = z.string().trim().max(1000).nullable();

/** A membership of the caller's organisation, as admins see it. */
export const ZMember = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  /** The effective scope: the custom one, else the role's. */
  scope: z.string(),
  status: z.enum(MEMBER_STATUSES),
  stationIds: ZStationAccess,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberListQuery = zListQuery({
  limit: 40,
  sortable: ['createdAt', 'email'],
  sort: 'createdAt',
});
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;

export const ZMemberList = zListResponse(ZMember);
export type TMemberList = z.infer<typeof ZMemberList>;

export const ZInvitationRequest = z.object({
  email: ZEmail,
  role: ZRole,
  scope: ZScopeInput.optional(),
  stationIds: ZStationAccess.optional(),
});
export type TInvitationRequest = z.infer<typeof ZInvitationRequest>;

export const ZMemberUpdate = z
  .object({ role: ZRole.optional(), scope: ZScopeInput.optional(), stationIds: ZStationAccess.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one of role, scope, stationIds',
  });
export type TMemberUpdate = z.infer<typeof ZMemberUpdate>;

export const ZMemberParams = z.object({ id: z.coerce.number().int().min(1) });
