import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../auth';
import { useAccessRequestActions, useRequestableStations } from '../queries';

/** A member asks for a station they cannot see yet (POST /api/access-requests). */
export function RequestAccessModal({
  opened,
  onClose,
  onRequested,
}: {
  opened: boolean;
  onClose: () => void;
  onRequested: (stationName: string) => void;
}) {
  const stations = useRequestableStations(opened);
  const { create } = useAccessRequestActions();
  const [stationId, setStationId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setStationId(null);
    setMessage('');
    setError(undefined);
    create.reset();
    onClose();
  };

  const choices = stations.data?.results ?? [];
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stationId) {
      setError('Choose a station.');
      return;
    }
    setError(undefined);
    const name = choices.find((station) => String(station.id) === stationId)?.name ?? 'the station';
    const trimmed = message.trim();
    create.mutate(
      { stationId: Number(stationId), ...(trimmed ? { message: trimmed } : {}) },
      {
        onSuccess: () => {
          onRequested(name);
          close();
        },
      },
    );
  };

  const nothingToAsk = stations.isSuccess && choices.length === 0;
  return (
    <Modal opened={opened} onClose={close} title="Request access" size="md">
      <form onSubmit={handleSubmit} noValidate aria-label="Request access">
        <Stack gap="md">
          {nothingToAsk ? (
            <Alert variant="light" color="gray">
              You already see every station of your organisation.
            </Alert>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                An admin of your organisation approves or rejects the request. Once approved, the station
                appears in your station list.
              </Text>
              <Select
                label="Station"
                placeholder={stations.isPending ? 'Loading stations…' : 'Choose a station you lack'}
                data={choices.map((station) => ({
                  value: String(station.id),
                  label: station.pending
                    ? `${station.name}, ${station.city} (requested)`
                    : `${station.name}, ${station.city}`,
                  disabled: station.pending,
                }))}
                value={stationId}
                onChange={setStationId}
                searchable
                required
                data-autofocus
                nothingFoundMessage="No station matches"
                error={error}
                comboboxProps={{ withinPortal: true }}
              />
              <Textarea
                label="Message to the admins"
                description="Optional: why you need it."
                maxLength={500}
                rows={3}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
              />
            </>
          )}
          <FormError error={create.error ?? stations.error} context="general" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {!nothingToAsk && (
              <Button type="submit" loading={create.isPending}>
                Send request
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
