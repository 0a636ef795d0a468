import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellCog, IconBuilding, IconHome, IconLogout, IconMail, IconUsers } from '@tabler/icons-react';
import { MenuItemLink } from '../../components/menu-item-link';
import { useMe } from '../../features/auth/queries';
import { useCan } from '../../features/auth/session';
import { signOut } from '../../lib/session';
import classes from './profile-menu.module.css';

function initialsOf(first: string, last: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (letters || email.charAt(0)).toUpperCase();
}

const ROLE_LABELS = { admin: 'Admin', member: 'Member' } as const;

/** Header: who is signed in (name, email, organisation, role), the mailbox, members for admins, sign-out. */
export function ProfileMenu() {
  const me = useMe();
  const canSeeMembers = useCan('members:r');
  const canEditOrganization = useCan('organizations:u');
  const canSeeNotifications = useCan('notifications:r');
  const user = me.data;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : undefined;
  const initials = user ? initialsOf(user.firstName, user.lastName, user.email) : null;

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          // The visible initials are part of the name (a speech user says what they see).
          aria-label={name ? `Account: ${name} (${initials})` : 'Account'}
          data-testid="profile-menu"
        >
          <Avatar size={32} radius="xl" color="indigo" variant="filled" aria-hidden>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label="Account">
        <Stack gap={2} px="sm" py={8} data-testid="profile-summary">
          {user ? (
            <>
              <Text fw={600} size="sm" truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
              <Group gap={6} mt={6} wrap="nowrap">
                {user.role && (
                  <Badge size="sm" variant="light" color={user.role === 'admin' ? 'indigo' : 'gray'}>
                    {ROLE_LABELS[user.role]}
                  </Badge>
                )}
                <Text size="xs" truncate>
                  {user.organization?.name ?? 'No organisation yet'}
                </Text>
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {me.isError ? 'Could not load your profile.' : 'Loading your profile…'}
            </Text>
          )}
        </Stack>
        <Menu.Divider />
        <MenuItemLink to="/settings/profile" leftSection={<IconHome size={16} stroke={1.6} aria-hidden />}>
          Your settings
        </MenuItemLink>
        <MenuItemLink to="/mailbox" leftSection={<IconMail size={16} stroke={1.6} aria-hidden />}>
          Mailbox
        </MenuItemLink>
        {canEditOrganization && (
          <MenuItemLink
            to="/settings/organization"
            leftSection={<IconBuilding size={16} stroke={1.6} aria-hidden />}
          >
            Organisation
          </MenuItemLink>
        )}
        {canSeeMembers && (
          <MenuItemLink to="/settings/members" leftSection={<IconUsers size={16} stroke={1.6} aria-hidden />}>
            Members
          </MenuItemLink>
        )}
        {canSeeNotifications && (
          <MenuItemLink
            to="/settings/notifications"
            leftSection={<IconBellCog size={16} stroke={1.6} aria-hidden />}
          >
            Notifications
          </MenuItemLink>
        )}
        <Menu.Divider />
        <Menu.Label>Sign out</Menu.Label>
        <Menu.Item
          leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
          onClick={() => void signOut('device')}
        >
          Sign out on this device
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
          onClick={() => void signOut('all')}
        >
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
