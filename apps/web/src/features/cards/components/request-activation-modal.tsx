import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorState } from '../../../components/query-states';
import { useCreateCardRequest } from '../queries';

/** Files an activation request for an issued card (POST /api/card-activation-requests). */
export function RequestActivationModal({
  cardId,
  maskedNumber,
  opened,
  onClose,
}: {
  cardId: number;
  maskedNumber: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [requestedBy, setRequestedBy] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const create = useCreateCardRequest();
  const reset = create.reset;
  useEffect(() => {
    if (!opened) return;
    setRequestedBy('');
    setNote('');
    setMissing(false);
    reset();
  }, [opened, reset]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requestedBy.trim() === '') {
      setMissing(true);
      return;
    }
    create.mutate(
      { cardId, requestedBy: requestedBy.trim(), note: note.trim() || null },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Request activation">
      <form onSubmit={submit} noValidate aria-label="Request activation">
        <Stack gap="md">
          <TextInput
            label="Requested by"
            description={`Who asks to activate ${maskedNumber}: the customer, fleet manager or station.`}
            required
            maxLength={120}
            value={requestedBy}
            onChange={(event) => {
              setRequestedBy(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? 'Say who asks' : undefined}
            data-autofocus
          />
          <Textarea
            label="Note"
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {create.error ? <ErrorState title="Could not file the request" error={create.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              File request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
