import type { MembershipsPort } from '../accounts/accounts.deps';
import { activateMembership, findMemberByUser, insertMembership } from './members.repository';

/** The memberships the account flows use (signup, accepting an invitation), for app.ts to pass in. */
export const memberships: MembershipsPort = { findMemberByUser, activateMembership, insertMembership };
