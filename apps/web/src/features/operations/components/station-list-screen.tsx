import type { TKeysetPage } from '@forecourt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TColumn } from '../../../components/data-table';
import { KeysetListScreen, type TKeysetListSearch } from '../../../components/lists/keyset-list-screen';
import { toListParams } from '../../../lib/list-params';
import { useStation } from '../../stations';
import { useTimeWindow } from '../../time-window';
import { stationListCsvUrl, type TStationListResource } from '../api';
import { filterKeys, withStationFuels } from '../filters';
import { useStationListPage } from '../queries';
import type { TStationList, TStationListRow } from '../station-lists';

/**
 * A station's keyset list (transactions, payments, vehicles, customers, challans): the list's
 * window from the address bar, one API call for window + filters + sort + cursor (none while the
 * window is invalid), and the shared list layout. A fuel filter offers only the station's fuels.
 */
export function StationListScreen<R extends TStationListResource>({
  slug,
  search,
  list,
  columns = list.columns,
}: {
  slug: string;
  search: TKeysetListSearch;
  list: TStationList<R>;
  /** Replaces the list's columns (e.g. with names that need a query). */
  columns?: readonly TColumn<TStationListRow<R>>[];
}) {
  const window = useTimeWindow(list.window);
  const { data: station } = useStation(slug);
  const filters = withStationFuels(list.filters, station?.fuels);
  const params = toListParams(search, filterKeys(list.filters), window.params);
  const query = useStationListPage(slug, list.resource, params, !window.error) as UseQueryResult<
    TKeysetPage<TStationListRow<R>>
  >;

  return (
    <KeysetListScreen<TStationListRow<R>, string>
      title={list.title}
      description={list.description}
      noun={list.noun}
      window={window}
      filters={filters}
      search={search}
      defaultSort={list.defaultSort}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      testId={list.testId}
      minWidth={list.minWidth}
      empty={list.empty}
      csv={{
        url: stationListCsvUrl(slug, list.resource, params),
        fallbackName: `${slug}-${list.resource}.csv`,
      }}
    />
  );
}
