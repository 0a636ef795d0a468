import type { TCardDetail } from '@forecourt/contracts';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { AuditTrail } from '../../../components/audit-trail';
import { AnchorLink, BackLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/query-states';
import { RecordQuery } from '../../../components/record-states';
import { formatDate, formatDateTime, formatMoney, MISSING_VALUE } from '../../../lib/format';
import { MONEY_INPUT_PROPS, rupeesToPaise as toPaise, paiseToRupees as toRupees } from '../../../lib/money';
import { useCan } from '../../auth';
import { CARD_KIND_LABELS, describeCardAudit } from '../labels';
import { useCard, useCardActions } from '../queries';
import { CardStatusBadge, RequestStatusBadge } from './card-badges';
import { ReasonModal } from './reason-modal';
import { RequestActivationModal } from './request-activation-modal';

/** /cards/$id: the card (masked number), its state and limits, activation requests and history. */
export function CardDetailScreen({ id }: { id: number }) {
  const query = useCard(id);
  const back = (
    <BackLink to="/cards" search={{}}>
      All cards
    </BackLink>
  );
  return (
    <RecordQuery
      query={query}
      back={back}
      noun="card"
      notFound="It does not exist or belongs to another organisation."
    >
      {(card) => <CardDetailView card={card} back={back} />}
    </RecordQuery>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {children}
      </Text>
    </Group>
  );
}

function CardDetailView({ card, back }: { card: TCardDetail; back: ReactNode }) {
  const canUpdate = useCan('cards:u');
  const canRequest = useCan('cards:c');
  const actions = useCardActions(card.id);
  const [blocking, setBlocking] = useState<'active' | 'blocked' | null>(null);
  const [requesting, setRequesting] = useState(false);
  const move = card.allowedTransitions[0];
  const waiting = card.activationRequests.some((request) => request.status === 'pending');

  return (
    <Stack gap="lg">
      <PageHeader
        before={back}
        title={<span data-testid="card-number">{card.maskedNumber}</span>}
        description={`${CARD_KIND_LABELS[card.kind]} card${card.vehicleRegistration ? ` · ${card.vehicleRegistration}` : ''}${card.isTest ? ' · test card' : ''}`}
        actions={
          <Group gap="xs">
            <CardStatusBadge status={card.status} />
          </Group>
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Card
            </Title>
            <Fact label="Status">
              <CardStatusBadge status={card.status} />
            </Fact>
            <Fact label="Balance">{formatMoney(card.balancePaise)}</Fact>
            <Fact label="Vehicle">{card.vehicleRegistration ?? MISSING_VALUE}</Fact>
            <Fact label="Issued">{formatDate(card.issuedAt)}</Fact>
            <Fact label="Expires">{formatDate(card.expiresAt)}</Fact>
            <LifecycleNote card={card} />
            {canUpdate && move && (
              <Group>
                <Button
                  variant="light"
                  color={move === 'blocked' ? 'red' : 'teal'}
                  leftSection={
                    move === 'blocked' ? (
                      <IconLock size={16} aria-hidden />
                    ) : (
                      <IconLockOpen size={16} aria-hidden />
                    )
                  }
                  onClick={() => {
                    actions.status.reset();
                    setBlocking(move);
                  }}
                >
                  {move === 'blocked' ? 'Block card' : 'Unblock card'}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
        <LimitsCard card={card} canUpdate={canUpdate} actions={actions} />
      </SimpleGrid>

      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Activation requests
            </Title>
            <Group gap="sm">
              {canRequest && card.status === 'issued' && !waiting && (
                <Button size="xs" variant="light" onClick={() => setRequesting(true)}>
                  Request activation
                </Button>
              )}
              <AnchorLink to="/cards/activation-requests" search={{}} size="sm">
                All requests
              </AnchorLink>
            </Group>
          </Group>
          {card.activationRequests.length === 0 ? (
            <Text size="sm" c="dimmed">
              No activation requests for this card.
            </Text>
          ) : (
            <Stack gap="xs" data-testid="card-activation-requests">
              {card.activationRequests.map((request) => (
                <Group key={request.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {request.requestedBy}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Filed {formatDateTime(request.createdAt)}
                      {request.decidedAt ? ` · decided ${formatDateTime(request.decidedAt)}` : ''}
                    </Text>
                    {request.reason && <Text size="xs">Reason: {request.reason}</Text>}
                  </Stack>
                  <RequestStatusBadge status={request.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>

      <AuditTrail entries={card.audit} describe={describeCardAudit} />

      <RequestActivationModal
        cardId={card.id}
        maskedNumber={card.maskedNumber}
        opened={requesting}
        onClose={() => setRequesting(false)}
      />
      <ReasonModal
        opened={blocking !== null}
        title={blocking === 'blocked' ? 'Block the card' : 'Unblock the card'}
        message={
          blocking === 'blocked'
            ? `Card ${card.maskedNumber} stops working at every station until it is unblocked.`
            : `Card ${card.maskedNumber} works again at every station.`
        }
        confirmLabel={blocking === 'blocked' ? 'Block card' : 'Unblock card'}
        color={blocking === 'blocked' ? 'red' : 'teal'}
        reasonRequired
        pending={actions.status.isPending}
        error={actions.status.error}
        onClose={() => setBlocking(null)}
        onConfirm={(reason) => {
          if (!blocking) return;
          actions.status.mutate({ to: blocking, reason }, { onSuccess: () => setBlocking(null) });
        }}
      />
    </Stack>
  );
}

function LifecycleNote({ card }: { card: TCardDetail }) {
  const text =
    card.status === 'issued'
      ? 'Waiting for activation: it becomes active when an admin approves its activation request.'
      : card.status === 'expired'
        ? 'Expired: it can no longer be activated or unblocked.'
        : card.status === 'blocked'
          ? 'Blocked: it is refused at every station.'
          : null;
  return text ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function LimitsCard({
  card,
  canUpdate,
  actions,
}: {
  card: TCardDetail;
  canUpdate: boolean;
  actions: ReturnType<typeof useCardActions>;
}) {
  const [daily, setDaily] = useState<number | string>(toRupees(card.dailyLimitPaise));
  const [monthly, setMonthly] = useState<number | string>(toRupees(card.monthlyLimitPaise));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setDaily(toRupees(card.dailyLimitPaise));
    setMonthly(toRupees(card.monthlyLimitPaise));
  }, [card.dailyLimitPaise, card.monthlyLimitPaise]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (daily === '' || monthly === '') return setError('Give both limits.');
    const limits = { dailyLimitPaise: toPaise(daily), monthlyLimitPaise: toPaise(monthly) };
    if (limits.dailyLimitPaise < 0 || limits.monthlyLimitPaise < 0)
      return setError('Limits cannot be negative.');
    if (limits.monthlyLimitPaise < limits.dailyLimitPaise) {
      return setError('The monthly limit must be at least the daily limit.');
    }
    setError(null);
    actions.limits.mutate(limits, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Limits
        </Title>
        {canUpdate ? (
          <form onSubmit={submit} noValidate aria-label="Card limits">
            <Stack gap="sm">
              <NumberInput
                label="Daily limit (₹)"
                min={0}
                {...MONEY_INPUT_PROPS}
                value={daily}
                onChange={(value) => {
                  setDaily(value);
                  setSaved(false);
                }}
              />
              <NumberInput
                label="Monthly limit (₹)"
                min={0}
                {...MONEY_INPUT_PROPS}
                value={monthly}
                onChange={(value) => {
                  setMonthly(value);
                  setSaved(false);
                }}
                error={error ?? undefined}
              />
              {actions.limits.error ? (
                <ErrorState title="Could not save the limits" error={actions.limits.error} />
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={actions.limits.isPending}>
                  Save limits
                </Button>
                {saved && (
                  <Text size="sm" c="teal" role="status">
                    Saved
                  </Text>
                )}
              </Group>
            </Stack>
          </form>
        ) : (
          <>
            <Fact label="Daily limit">{formatMoney(card.dailyLimitPaise)}</Fact>
            <Fact label="Monthly limit">{formatMoney(card.monthlyLimitPaise)}</Fact>
          </>
        )}
      </Stack>
    </Card>
  );
}
