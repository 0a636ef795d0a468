import type { TMember } from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconDots,
  IconLock,
  IconLockOpen,
  IconRefresh,
  IconUserPlus,
  IconUserShield,
} from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { STACKED, STACKED_SCROLL } from '../../components/data-table';
import { AnchorLink, ButtonLink } from '../../components/links';
import { PageHeader } from '../../components/page-header';
import { PagedResults } from '../../components/paged-results';
import { describeAuthError } from '../../features/auth/errors';
import { useMe } from '../../features/auth/queries';
import { useCan } from '../../features/auth/session';
import { EditAccessModal } from '../../features/members/components/edit-access-modal';
import { InviteMemberModal } from '../../features/members/components/invite-member-modal';
import { memberName, memberStatus, ROLE_LABELS, STATUS_BADGES } from '../../features/members/labels';
import { useMembers, useSetMemberEnabled, useStationChoices } from '../../features/members/queries';
import { formatDate } from '../../lib/format';

export const Route = createLazyRoute('/shell/settings/members')({ component: MembersPage });

function StationsCell({ member, names }: { member: TMember; names: Map<number, string> }) {
  if (member.role === 'admin' || member.stationIds === 'all') return <Text size="sm">All stations</Text>;
  const ids = member.stationIds ?? [];
  if (ids.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  const listed = ids.map((id) => names.get(id) ?? `Station ${id}`);
  return (
    <Tooltip label={listed.join(', ')} multiline w={280} withArrow>
      <Text size="sm" tabIndex={0} style={{ textDecoration: 'underline dotted' }}>
        {ids.length === 1 ? listed[0] : `${ids.length} stations`}
      </Text>
    </Tooltip>
  );
}

/** /settings/members: organisation admins invite people, change their role and stations, disable them. */
function MembersPage() {
  useDocumentTitle('Members · Forecourt');
  const canRead = useCan('members:r');
  const canInvite = useCan('members:c');
  const canUpdate = useCan('members:u');
  const { page = 0 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const members = useMembers(page, canRead);
  const me = useMe();
  const stations = useStationChoices(canRead);
  const setEnabled = useSetMemberEnabled();

  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TMember | null>(null);
  const [disabling, setDisabling] = useState<TMember | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);

  const stationNames = useMemo(
    () => new Map((stations.data?.results ?? []).map((station) => [station.id, station.name])),
    [stations.data],
  );

  if (!canRead) {
    return (
      <Stack gap="md" align="flex-start">
        <PageHeader title="Members" />
        <Alert variant="light" color="gray" icon={<IconUserShield aria-hidden />} title="Only for admins">
          Members are managed by your organisation’s admins. Ask one of them to invite someone or change
          access.
        </Alert>
        <ButtonLink to="/stations" variant="default">
          Go to stations
        </ButtonLink>
      </Stack>
    );
  }

  const toggleEnabled = (member: TMember, enabled: boolean) => {
    setEnabled.mutate(
      { id: member.id, enabled },
      {
        onSuccess: () => {
          setDisabling(null);
          setNotice(`${member.email} is ${enabled ? 'enabled again' : 'disabled and signed out'}.`);
        },
        onError: () => setDisabling(null),
      },
    );
  };

  const data = members.data;
  const content = (
    <PagedResults
      query={members}
      loadingLabel="Loading members…"
      errorTitle="Could not load members"
      emptyTitle="No members on this page"
      page={page}
      noun={{ one: 'member', other: 'members' }}
      onPageChange={(next) => navigate({ search: { page: next || undefined } })}
    >
      {(rows) => (
        <Table.ScrollContainer minWidth={760} type="native" className={STACKED_SCROLL}>
          <Table className={STACKED} verticalSpacing="sm" highlightOnHover data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Stations</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Since</Table.Th>
                {canUpdate && (
                  <Table.Th w={56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => {
                const name = memberName(member);
                const status = memberStatus(member);
                const isMe = me.data !== undefined && member.userId === me.data.id;
                return (
                  <Table.Tr key={member.id} data-testid="member-row">
                    <Table.Td data-label="Member">
                      <Text size="sm" fw={500}>
                        {name ?? member.email}
                        {isMe && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            (you)
                          </Text>
                        )}
                      </Text>
                      {name && (
                        <Text size="xs" c="dimmed">
                          {member.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Role">
                      <Badge variant="light" color={member.role === 'admin' ? 'indigo' : 'gray'}>
                        {ROLE_LABELS[member.role]}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-label="Stations">
                      <StationsCell member={member} names={stationNames} />
                    </Table.Td>
                    <Table.Td data-label="Status">
                      <Badge variant="dot" color={STATUS_BADGES[status].color}>
                        {STATUS_BADGES[status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-label="Since">
                      <Text size="sm">{formatDate(member.createdAt)}</Text>
                    </Table.Td>
                    {canUpdate && (
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${member.email}`}
                            >
                              <IconDots size={18} aria-hidden />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconUserShield size={16} aria-hidden />}
                              onClick={() => setEditing(member)}
                            >
                              Change role and stations
                            </Menu.Item>
                            {!isMe &&
                              (status === 'disabled' ? (
                                <Menu.Item
                                  leftSection={<IconLockOpen size={16} aria-hidden />}
                                  onClick={() => toggleEnabled(member, true)}
                                >
                                  Enable
                                </Menu.Item>
                              ) : (
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconLock size={16} aria-hidden />}
                                  onClick={() => setDisabling(member)}
                                >
                                  Disable
                                </Menu.Item>
                              ))}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedResults>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Members"
        description="Who can sign in to your organisation, with their role and stations."
        actions={
          <>
            <Tooltip label="Refresh">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh members"
                onClick={() => members.refetch()}
                loading={members.isFetching && !members.isPending}
              >
                <IconRefresh size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {canInvite && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
                Invite member
              </Button>
            )}
          </>
        }
      />
      {notice && (
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          role="status"
        >
          {notice}
        </Alert>
      )}
      {setEnabled.isError && (
        <Alert variant="light" color="red" role="alert" title="That did not work">
          {describeAuthError(setEnabled.error, 'general')}
        </Alert>
      )}
      <Paper withBorder radius="md" p={data?.results.length ? 0 : 'md'}>
        {content}
      </Paper>
      <InviteMemberModal
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) =>
          setNotice(
            <>
              Invitation sent to <strong>{email}</strong>. Without a mail server it waits in the{' '}
              <AnchorLink to="/mailbox" search={{}} inherit>
                Mailbox
              </AnchorLink>
              .
            </>,
          )
        }
      />
      <EditAccessModal member={editing} onClose={() => setEditing(null)} />
      <Modal opened={disabling !== null} onClose={() => setDisabling(null)} title="Disable this member?">
        <Stack gap="md">
          <Text size="sm">
            <strong>{disabling?.email}</strong> is signed out everywhere at once and cannot sign in until an
            admin enables the account again.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDisabling(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={setEnabled.isPending}
              onClick={() => disabling && toggleEnabled(disabling, false)}
            >
              Disable
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
