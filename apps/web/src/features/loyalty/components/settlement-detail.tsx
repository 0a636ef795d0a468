import type { TAuditEntry, TSettlementDetail, TSettlementStatus } from '@forecourt/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AuditTrail } from '../../../components/audit-trail';
import { EnumBadge } from '../../../components/enum-badge';
import { BackLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/query-states';
import { RecordQuery } from '../../../components/record-states';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useCan } from '../../auth';
import { periodLabel } from '../columns';
import {
  LOYALTY_KIND_LABELS,
  SETTLEMENT_ACTION_LABELS,
  SETTLEMENT_STATUS_COLORS,
  SETTLEMENT_STATUS_LABELS,
} from '../labels';
import { useSettlement, useSettlementTransition } from '../queries';

/** /loyalty/$slug/settlements/$id: the statement, its payout actions and history. */
export function SettlementDetailScreen({ slug, id }: { slug: string; id: number }) {
  const query = useSettlement(slug, id);
  const back = (
    <BackLink to="/loyalty/$slug/settlements" params={{ slug }}>
      All settlements
    </BackLink>
  );
  return (
    <RecordQuery
      query={query}
      back={back}
      noun="settlement"
      notFound="It does not exist or is for a station you cannot see."
      loadingLabel="Loading the statement…"
    >
      {(settlement) => <SettlementView slug={slug} settlement={settlement} back={back} />}
    </RecordQuery>
  );
}

function SettlementStatusBadge({ status }: { status: TSettlementStatus }) {
  return <EnumBadge value={status} labels={SETTLEMENT_STATUS_LABELS} colors={SETTLEMENT_STATUS_COLORS} />;
}

function describeEntry(entry: TAuditEntry): string {
  const label = SETTLEMENT_ACTION_LABELS[entry.action] ?? entry.action;
  const utr = typeof entry.data.utr === 'string' ? ` · UTR ${entry.data.utr}` : '';
  const note = typeof entry.data.note === 'string' && entry.data.note ? ` — ${entry.data.note}` : '';
  return `${label}${utr}${note}`;
}

function SettlementView({
  slug,
  settlement,
  back,
}: {
  slug: string;
  settlement: TSettlementDetail;
  back: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <PageHeader
        before={back}
        title={`Statement · ${settlement.station.name}`}
        description={`${settlement.program.name} · ${periodLabel(settlement)}`}
        actions={<SettlementStatusBadge status={settlement.status} />}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md">
          <Stack gap="xs" data-testid="settlement-amounts">
            <Title order={2} size="h4">
              Amounts
            </Title>
            <Row label="Period">{periodLabel(settlement)}</Row>
            <Row label="Card payments">{formatNumber(settlement.transactionCount)}</Row>
            <Row label="Gross">{formatMoney(settlement.grossPaise)}</Row>
            <Row label="Fee">− {formatMoney(settlement.feePaise)}</Row>
            <Row label="Net payout" strong>
              {formatMoney(settlement.netPaise)}
            </Row>
            <Row label="Status">
              <SettlementStatusBadge status={settlement.status} />
            </Row>
            <Row label="UTR">{settlement.utr ?? '—'}</Row>
            <Row label="Settled">{settlement.settledAt ? formatDateTime(settlement.settledAt) : '—'}</Row>
          </Stack>
        </Card>
        <PayoutActions slug={slug} settlement={settlement} />
      </SimpleGrid>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4">
              Loyalty in this period
            </Title>
            <ButtonLink
              to="/loyalty/$slug"
              params={{ slug }}
              search={{
                station: [String(settlement.stationId)],
                startDate: settlement.periodStart,
                endDate: settlement.periodEnd,
              }}
              variant="default"
              size="xs"
              leftSection={<IconList size={14} aria-hidden />}
            >
              Open these transactions
            </ButtonLink>
          </Group>
          {settlement.loyalty.length === 0 ? (
            <Text size="sm" c="dimmed">
              No successful loyalty transactions at this station in the period.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table data-testid="settlement-loyalty">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Entries</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Points</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Bills</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {settlement.loyalty.map((entry) => (
                    <Table.Tr key={entry.kind}>
                      <Table.Td>{LOYALTY_KIND_LABELS[entry.kind]}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatNumber(entry.count)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatNumber(entry.points)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatMoney(entry.amountPaise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      <AuditTrail entries={settlement.audit} describe={describeEntry} />
    </Stack>
  );
}

function Row({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} component="div" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** The moves the statement allows, for users with loyalty:u; settling asks for the UTR. */
function PayoutActions({ slug, settlement }: { slug: string; settlement: TSettlementDetail }) {
  const canUpdate = useCan('loyalty:u');
  const transition = useSettlementTransition(slug, settlement.id);
  const [utr, setUtr] = useState('');
  const [note, setNote] = useState('');
  const allowed = settlement.allowedTransitions;
  const run = (to: TSettlementStatus) => {
    const trimmed = note.trim();
    transition.mutate(
      { to, ...(to === 'settled' ? { utr: utr.trim() } : {}), ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          setUtr('');
          setNote('');
        },
      },
    );
  };
  const submitSettled = (event: FormEvent) => {
    event.preventDefault();
    run('settled');
  };
  const busy = transition.isPending;
  const label = (to: TSettlementStatus) =>
    to === 'processing'
      ? settlement.status === 'failed'
        ? 'Retry payout'
        : 'Start payout'
      : to === 'failed'
        ? 'Mark failed'
        : 'Mark settled';

  let body: ReactNode;
  if (!canUpdate) {
    body = (
      <Text size="sm" c="dimmed">
        You can view this settlement but not change it.
      </Text>
    );
  } else if (allowed.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        Paid out. Nothing more to do.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        <TextInput
          label="Note (optional)"
          description="Kept in the history, e.g. the batch or why a transfer failed."
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={500}
        />
        {allowed.includes('settled') && (
          <form onSubmit={submitSettled}>
            <Group align="flex-end" gap="xs">
              <TextInput
                label="UTR"
                description="The bank's transfer reference (12–22 letters and digits)"
                value={utr}
                onChange={(event) => setUtr(event.currentTarget.value)}
                required
                minLength={12}
                maxLength={22}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button type="submit" loading={busy && transition.variables?.to === 'settled'} disabled={busy}>
                Mark settled
              </Button>
            </Group>
          </form>
        )}
        <Group gap="xs">
          {allowed
            .filter((to) => to !== 'settled')
            .map((to) => (
              <Button
                key={to}
                variant={to === 'failed' ? 'default' : 'light'}
                color={to === 'failed' ? 'red' : undefined}
                loading={busy && transition.variables?.to === to}
                disabled={busy}
                onClick={() => run(to)}
              >
                {label(to)}
              </Button>
            ))}
        </Group>
        {transition.error && <ErrorState title="That did not work" error={transition.error} />}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payout
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
