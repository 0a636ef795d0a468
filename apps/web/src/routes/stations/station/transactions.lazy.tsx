import { createLazyRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { transactionColumns } from '../../../features/operations/columns';
import { StationListScreen } from '../../../features/operations/components/station-list-screen';
import { useNozzleNames } from '../../../features/operations/queries';
import { TRANSACTIONS_LIST } from '../../../features/operations/station-lists';

export const Route = createLazyRoute('/shell/stations/$slug/transactions')({
  component: StationTransactions,
});

/** /stations/$slug/transactions: the station's fills in a window, newest first, with nozzle names. */
function StationTransactions() {
  const { slug } = Route.useParams();
  const nozzleNames = useNozzleNames(slug);
  const columns = useMemo(
    () =>
      TRANSACTIONS_LIST.columns.map((column) =>
        column.key === 'nozzle' ? transactionColumns.nozzleFuel(nozzleNames) : column,
      ),
    [nozzleNames],
  );
  return (
    <StationListScreen slug={slug} search={Route.useSearch()} list={TRANSACTIONS_LIST} columns={columns} />
  );
}
