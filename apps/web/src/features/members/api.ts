import { type TMember, type TMemberList, ZMember, ZMemberList } from '@forecourt/contracts';
import { http } from '../../lib/http';

/**
 * The organisation's members (docs/API.md "Members"): everyone who can sign in, and the people
 * invited who have not signed up yet. The shapes are the server's contracts.
 */ export const MEMBER_PAGE_SIZE = 40;

export function fetchMembers(page: number, signal?: AbortSignal): Promise<TMemberList> {
  return http.get('/api/members', {
    query: { page, limit: MEMBER_PAGE_SIZE, sort: 'createdAt' },
    signal,
    schema: ZMemberList,
  });
}

export type TInvitation = { email: string; role: TMember['role']; stationIds?: number[] };

export function inviteMember(invitation: TInvitation): Promise<TMember> {
  return http.post('/api/members/invitations', { body: invitation, schema: ZMember });
}

export type TMemberPatch = { role?: TMember['role']; stationIds?: number[] | 'all' };

export function updateMember(id: number, patch: TMemberPatch): Promise<TMember> {
  return http.patch(`/api/members/${id}`, { body: patch, schema: ZMember });
}

export function setMemberEnabled(id: number, enabled: boolean): Promise<unknown> {
  return http.post(`/api/members/${id}/${enabled ? 'enable' : 'disable'}`);
}
