/** The members contracts live in packages/contracts (`entities/member.ts`). */
export {
  MEMBER_STATUSES,
  type TInvitationRequest,
  type TMember,
  type TMemberList,
  type TMemberListQuery,
  type TMemberUpdate,
  type TStationAccess,
  ZInvitationRequest,
  ZMember,
  ZMemberList,
  ZMemberListQuery,
  ZMemberParams,
  ZMemberUpdate,
  ZScopeInput,
  ZStationAccess,
} from '@forecourt/contracts';
