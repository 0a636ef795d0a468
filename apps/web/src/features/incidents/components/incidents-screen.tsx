import { Stack } from '@mantine/core';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { PageHeader } from '../../../components/page-header';
import { toListParams } from '../../../lib/list-params';
import { useStationFilter } from '../../operations';
import { incidentsCsvUrl, type TIncidentListParams } from '../api';
import { incidentColumns } from '../columns';
import { incidentFilters } from '../filters';
import { useIncidentList } from '../queries';
import { INCIDENT_FILTER_KEYS, type TIncidentsSearch } from '../search';

/** /incidents: incidents at every visible station, newest first, with filters and a CSV export. */
export function IncidentsScreen({ search }: { search: TIncidentsSearch }) {
  const params = toListParams(search, INCIDENT_FILTER_KEYS) as TIncidentListParams;
  const query = useIncidentList(params);
  const filters = useStationFilter(incidentFilters);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Incidents"
        description="Problems reported across your stations, with their SLA timers."
        actions={<CsvDownloadButton url={incidentsCsvUrl(params)} fallbackName="incidents.csv" />}
      />
      <KeysetListScreen
        title="All incidents"
        description="Filters and sort apply to the CSV download too."
        noun={{ one: 'incident', other: 'incidents' }}
        filters={filters}
        search={search}
        defaultSort="-openedAt"
        query={query}
        columns={incidentColumns}
        rowKey={(incident) => incident.id}
        testId="incidents"
        minWidth={960}
        empty={{ title: 'No incidents', description: 'Incidents appear here when a station reports one.' }}
      />
    </Stack>
  );
}
