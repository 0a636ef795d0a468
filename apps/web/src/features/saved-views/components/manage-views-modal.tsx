import type { TSavedView } from '@forecourt/contracts';
import { SAVED_VIEW_NAME_MAX } from '@forecourt/contracts';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSavedViewActions } from '../queries';
import { ActionError } from './action-error';

/** Rename or delete the views of one list. */
export function ManageViewsModal({
  opened,
  onClose,
  views,
}: {
  opened: boolean;
  onClose: () => void;
  views: readonly TSavedView[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your views of this list">
      <Stack gap="sm">
        {views.length === 0 ? (
          <Text size="sm" c="dimmed">
            No saved views left.
          </Text>
        ) : (
          views.map((view) => <ViewRow key={view.id} view={view} />)
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ViewRow({ view }: { view: TSavedView }) {
  const { rename, remove } = useSavedViewActions();
  const [name, setName] = useState(view.name);
  const trimmed = name.trim();
  const changed = trimmed !== '' && trimmed !== view.name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) rename.mutate({ id: view.id, name: trimmed });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="manage-view">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Name of “${view.name}”`}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" disabled={!changed} loading={rename.isPending}>
            Rename
          </Button>
          <Tooltip label="Delete view">
            <ActionIcon
              variant="default"
              size={36}
              color="red"
              aria-label={`Delete view ${view.name}`}
              loading={remove.isPending}
              onClick={() => remove.mutate(view.id)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {(rename.error ?? remove.error) && <ActionError error={rename.error ?? remove.error} />}
      </Stack>
    </form>
  );
}
