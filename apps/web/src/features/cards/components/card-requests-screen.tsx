import type { TCardActivationRequestItem } from '@forecourt/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AnchorLink } from '../../../components/links';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { toListParams } from '../../../lib/list-params';
import { useCan } from '../../auth';
import { cardRequestsCsvUrl, type TCardListParams } from '../api';
import { cardRequestColumns } from '../columns';
import { CARD_REQUEST_FILTERS } from '../filters';
import { useCardRequestList, useDecideCardRequest } from '../queries';
import { CARD_REQUEST_FILTER_KEYS, type TCardRequestsSearch } from '../search';
import { ReasonModal } from './reason-modal';

type TPendingDecision = { request: TCardActivationRequestItem; status: 'approved' | 'rejected' };

/** /cards/activation-requests: requests newest first; admins approve or reject (with a reason) pending ones. */
export function CardRequestsScreen({ search }: { search: TCardRequestsSearch }) {
  const params = toListParams(search, CARD_REQUEST_FILTER_KEYS) as TCardListParams;
  const query = useCardRequestList(params);
  const canDecide = useCan('cards:u');
  const decide = useDecideCardRequest();
  const [deciding, setDeciding] = useState<TPendingDecision | null>(null);

  const open = (next: TPendingDecision) => {
    decide.reset();
    setDeciding(next);
  };
  const actions = (request: TCardActivationRequestItem) => {
    if (request.status !== 'pending') {
      return (
        <Text size="xs" c="dimmed">
          {request.decidedAt ? 'Decided' : '—'}
        </Text>
      );
    }
    if (!canDecide) {
      return (
        <Text size="xs" c="dimmed">
          Waiting for an admin
        </Text>
      );
    }
    const label = request.card.maskedNumber;
    return (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconCheck size={14} aria-hidden />}
          aria-label={`Approve activation of ${label}`}
          onClick={() => open({ request, status: 'approved' })}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconX size={14} aria-hidden />}
          aria-label={`Reject activation of ${label}`}
          onClick={() => open({ request, status: 'rejected' })}
        >
          Reject
        </Button>
      </Group>
    );
  };

  const approving = deciding?.status === 'approved';
  return (
    <Stack gap="lg">
      <KeysetListScreen
        heading="page"
        title="Card activation requests"
        description={
          <>
            Issued cards become active when their request is approved.{' '}
            <AnchorLink to="/cards" search={{}}>
              All cards
            </AnchorLink>
          </>
        }
        noun={{ one: 'request', other: 'requests' }}
        filters={CARD_REQUEST_FILTERS}
        search={search}
        defaultSort="-createdAt"
        query={query}
        columns={cardRequestColumns(actions)}
        rowKey={(request) => request.id}
        testId="card-requests"
        minWidth={960}
        empty={{
          title: 'No activation requests',
          description: 'Requests appear here when a card is handed out.',
        }}
        csv={{ url: cardRequestsCsvUrl(params), fallbackName: 'card-activation-requests.csv' }}
      />
      <ReasonModal
        opened={deciding !== null}
        title={approving ? 'Approve the activation' : 'Reject the activation'}
        message={
          deciding
            ? approving
              ? `Card ${deciding.request.card.maskedNumber} (requested by ${deciding.request.requestedBy}) becomes active at once.`
              : `Card ${deciding.request.card.maskedNumber} stays issued; ${deciding.request.requestedBy} can ask again.`
            : ''
        }
        confirmLabel={approving ? 'Approve and activate' : 'Reject request'}
        color={approving ? 'teal' : 'red'}
        reasonRequired={!approving}
        pending={decide.isPending}
        error={decide.error}
        onClose={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (!deciding) return;
          decide.mutate(
            {
              id: deciding.request.id,
              decision: approving ? { status: 'approved' } : { status: 'rejected', reason },
            },
            { onSuccess: () => setDeciding(null) },
          );
        }}
      />
    </Stack>
  );
}
