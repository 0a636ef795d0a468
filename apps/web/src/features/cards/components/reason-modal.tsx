import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ErrorState } from '../../../components/query-states';

/**
 * Confirms an action on a card or a request, asking for a reason when one is needed (blocking,
 * unblocking, rejecting). Nothing is sent until the confirm button is pressed.
 */
export function ReasonModal({
  opened,
  title,
  message,
  confirmLabel,
  color,
  reasonRequired,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Shows a reason box that must be filled in. */
  reasonRequired: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setMissing(false);
    }
  }, [opened]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (reasonRequired && text === '') {
      setMissing(true);
      return;
    }
    onConfirm(text);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          {reasonRequired && (
            <Textarea
              label="Reason"
              description="Kept in the card's history."
              required
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? 'Give a reason' : undefined}
              data-autofocus
            />
          )}
          {error ? <ErrorState title="That did not work" error={error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={color}
              loading={pending}
              data-autofocus={reasonRequired ? undefined : true}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
