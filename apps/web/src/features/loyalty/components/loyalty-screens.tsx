import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/links';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { PageHeader } from '../../../components/page-header';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import { toListParams } from '../../../lib/list-params';
import { useStationFilter } from '../../operations';
import { useTimeWindow } from '../../time-window';
import { loyaltyTransactionsCsvUrl, settlementsCsvUrl } from '../api';
import { loyaltyTransactionColumns, settlementColumns } from '../columns';
import {
  LOYALTY_TRANSACTION_FILTER_KEYS,
  loyaltyTransactionFilters,
  SETTLEMENT_FILTER_KEYS,
  settlementFilters,
} from '../filters';
import { useLoyaltyPrograms, useLoyaltyTransactions, useSettlements } from '../queries';
import type { TLoyaltyTransactionsSearch, TSettlementsSearch } from '../search';
import { ProgramFrame } from './program-frame';

/** /loyalty: straight to the organisation's programme, or a choice when it runs several. */
export function LoyaltyIndexScreen() {
  const programs = useLoyaltyPrograms();
  if (!programs.data) {
    return programs.isError ? (
      <ErrorState
        title="Could not load the loyalty programmes"
        error={programs.error}
        onRetry={() => programs.refetch()}
        isRetrying={programs.isFetching}
      />
    ) : (
      <LoadingState label="Loading loyalty programmes…" />
    );
  }
  const list = programs.data.results;
  const [only] = list;
  if (list.length === 1 && only) {
    return <Navigate to="/loyalty/$slug" params={{ slug: only.slug }} replace />;
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Loyalty" description="Choose a loyalty programme." />
      {list.length === 0 ? (
        <EmptyResult
          title="No loyalty programme"
          description="Your organisation does not run a loyalty programme yet."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((program) => (
            <Card key={program.id} withBorder radius="md">
              <Stack gap={4}>
                <AnchorLink to="/loyalty/$slug" params={{ slug: program.slug }} fw={600}>
                  {program.name}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {program.pointsPerHundred} point{program.pointsPerHundred === 1 ? '' : 's'} per ₹100
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /loyalty/$slug: the programme's ledger in a window, live successful entries by default. */
export function LoyaltyTransactionsScreen({
  slug,
  search,
}: {
  slug: string;
  search: TLoyaltyTransactionsSearch;
}) {
  const window = useTimeWindow('loyalty');
  const params = toListParams(search, LOYALTY_TRANSACTION_FILTER_KEYS, window.params);
  const query = useLoyaltyTransactions(slug, params, !window.error);
  const filters = useStationFilter(loyaltyTransactionFilters);
  return (
    <ProgramFrame slug={slug} current="transactions">
      <KeysetListScreen
        title="Transactions"
        description="Points earned and redeemed with the programme's cards, newest first. Without a status or entries filter only successful live entries are shown."
        noun={{ one: 'loyalty transaction', other: 'loyalty transactions' }}
        window={window}
        filters={filters}
        search={search}
        defaultSort="-createdAt"
        query={query}
        columns={loyaltyTransactionColumns}
        rowKey={(row) => row.id}
        testId="loyalty-transactions"
        minWidth={820}
        empty={{
          title: 'No loyalty transactions in this window',
          description:
            'Nothing was earned or redeemed in this time window. Choose a longer window to look further back.',
        }}
        csv={{ url: loyaltyTransactionsCsvUrl(slug, params), fallbackName: `${slug}-loyalty.csv` }}
      />
    </ProgramFrame>
  );
}

/** /loyalty/$slug/settlements: what the programme pays each station per period. */
export function SettlementsScreen({ slug, search }: { slug: string; search: TSettlementsSearch }) {
  const window = useTimeWindow('settlements');
  const params = toListParams(search, SETTLEMENT_FILTER_KEYS, window.params);
  const query = useSettlements(slug, params, !window.error);
  const filters = useStationFilter(settlementFilters);
  return (
    <ProgramFrame slug={slug} current="settlements">
      <KeysetListScreen
        title="Settlements"
        description="Payouts to stations for what was paid with the programme's cards, less the fee. Open one for its statement."
        noun={{ one: 'settlement', other: 'settlements' }}
        window={window}
        filters={filters}
        search={search}
        defaultSort="-createdAt"
        query={query}
        columns={settlementColumns(slug)}
        rowKey={(row) => row.id}
        testId="settlements"
        minWidth={1040}
        empty={{
          title: 'No settlements in this window',
          description:
            'No settlement was created in this time window. Choose a longer window to look further back.',
        }}
        csv={{ url: settlementsCsvUrl(slug, params), fallbackName: `${slug}-settlements.csv` }}
      />
    </ProgramFrame>
  );
}
