import type { TMember, TRole } from '@forecourt/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../auth';
import { memberName } from '../labels';
import { useUpdateMember } from '../queries';
import { AccessFields } from './access-fields';

/** Change a member's role and stations (PATCH /api/members/:id). */
export function EditAccessModal({ member, onClose }: { member: TMember | null; onClose: () => void }) {
  const [role, setRole] = useState<TRole>('member');
  const [stationIds, setStationIds] = useState<string[]>([]);
  const [stationError, setStationError] = useState<string>();
  const update = useUpdateMember();
  const resetUpdate = update.reset;

  // Start from the member's current access each time another member is opened.
  useEffect(() => {
    if (!member) return;
    setRole(member.role);
    setStationIds(Array.isArray(member.stationIds) ? member.stationIds.map(String) : []);
    setStationError(undefined);
    resetUpdate();
  }, [member, resetUpdate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!member) return;
    if (role === 'member' && stationIds.length === 0) {
      setStationError('Choose at least one station.');
      return;
    }
    update.mutate(
      { id: member.id, patch: role === 'admin' ? { role } : { role, stationIds: stationIds.map(Number) } },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened={member !== null} onClose={onClose} title="Change access" size="lg">
      {member && (
        <form onSubmit={handleSubmit} noValidate aria-label="Change access">
          <Stack gap="md">
            <Text size="sm">
              {memberName(member) ?? member.email}
              {memberName(member) && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  · {member.email}
                </Text>
              )}
            </Text>
            <AccessFields
              role={role}
              onRoleChange={setRole}
              stationIds={stationIds}
              onStationIdsChange={setStationIds}
              stationError={stationError}
            />
            <FormError error={update.error} context="general" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
