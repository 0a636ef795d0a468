import { type TRole, ZEmail } from '@forecourt/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../auth';
import { useInviteMember } from '../queries';
import { AccessFields } from './access-fields';

/** Invite someone by email (POST /api/members/invitations): the mail carries their signup link. */
export function InviteMemberModal({
  opened,
  onClose,
  onInvited,
}: {
  opened: boolean;
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('member');
  const [stationIds, setStationIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ email?: string; stations?: string }>({});
  const invite = useInviteMember();

  const close = () => {
    setEmail('');
    setRole('member');
    setStationIds([]);
    setErrors({});
    invite.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZEmail.safeParse(email);
    const next = {
      email: parsed.success ? undefined : 'Enter a valid email address.',
      stations: role === 'member' && stationIds.length === 0 ? 'Choose at least one station.' : undefined,
    };
    setErrors(next);
    if (!parsed.success || next.stations) return;
    invite.mutate(
      { email: parsed.data, role, ...(role === 'member' ? { stationIds: stationIds.map(Number) } : {}) },
      {
        onSuccess: () => {
          onInvited(parsed.data);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite a member" size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label="Invite a member">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            data-autofocus
            maxLength={254}
            description="They get a link to choose a password; it works for 7 days."
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <AccessFields
            role={role}
            onRoleChange={setRole}
            stationIds={stationIds}
            onStationIdsChange={setStationIds}
            stationError={errors.stations}
          />
          <FormError error={invite.error} context="general" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
