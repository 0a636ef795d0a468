import type { TSavedViewListId, TSavedViewSearch } from '@forecourt/contracts';
import { SAVED_VIEW_NAME_MAX } from '@forecourt/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSavedViewActions } from '../queries';
import { ActionError } from './action-error';

/** Names the list's current filters, sort and window and saves them as a view. */
export function SaveViewModal({
  opened,
  onClose,
  list,
  search,
}: {
  opened: boolean;
  onClose: () => void;
  list: TSavedViewListId;
  search: TSavedViewSearch;
}) {
  const { create } = useSavedViewActions();
  const [name, setName] = useState('');
  // Closing empties the dialog for the next save.
  const close = () => {
    setName('');
    create.reset();
    onClose();
  };
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    create.mutate({ list, name: trimmed, search }, { onSuccess: close });
  };
  const filters = Object.keys(search).length;
  return (
    <Modal opened={opened} onClose={close} title="Save current view">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {filters === 0
              ? 'The list as it is by default, under a name of your own.'
              : `The list's filters, sort and window (${filters} setting${filters === 1 ? '' : 's'}), under a name of your own.`}
          </Text>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            required
            data-autofocus
            data-testid="view-name"
          />
          {create.error && <ActionError error={create.error} />}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed} loading={create.isPending}>
              Save view
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
