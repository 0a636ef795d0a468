import type { TStationAccessRequestItem } from '@forecourt/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../auth';
import { useAccessRequestActions } from '../queries';

/** An admin rejects a request; the reason is required and shown to the requester. */
export function RejectRequestModal({
  request,
  onClose,
  onRejected,
}: {
  request: TStationAccessRequestItem | null;
  onClose: () => void;
  onRejected: (request: TStationAccessRequestItem) => void;
}) {
  const { decide } = useAccessRequestActions();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    decide.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('Give a reason; the requester sees it.');
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: request.id, decision: { status: 'rejected', reason: trimmed } },
      {
        onSuccess: () => {
          onRejected(request);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={request !== null} onClose={close} title="Reject the request">
      <form onSubmit={handleSubmit} noValidate aria-label="Reject the request">
        <Stack gap="md">
          <Text size="sm">
            <strong>{request?.requesterName}</strong> asked for <strong>{request?.stationName}</strong>.
          </Text>
          <Textarea
            label="Reason"
            required
            data-autofocus
            maxLength={500}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
          />
          <FormError error={decide.error} context="general" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={decide.isPending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
