import type { TStationProfileItem } from '@forecourt/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { FilterBar, type TFilterField } from '../../../components/filter-bar';
import { AnchorLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { formatDate } from '../../../lib/format';
import { toggleSort } from '../../../lib/list-sort';
import { profileListCsvUrl } from '../api';
import { AMENITY_LABELS } from '../hours';
import { useProfileList } from '../queries';
import type { TStationProfilesSearch } from '../search';

type TField = 'createdAt' | 'displayName';

const FILTERS: TFilterField[] = [
  {
    kind: 'boolean',
    key: 'isPublished',
    label: 'Publication',
    anyLabel: 'Any',
    trueLabel: 'Published',
    falseLabel: 'Draft',
  },
];

const COLUMNS: TColumn<TStationProfileItem, TField>[] = [
  {
    key: 'name',
    header: 'Profile',
    sort: 'displayName',
    cell: (row) => (
      <Stack gap={0}>
        <AnchorLink to="/stations/$slug/profile" params={{ slug: row.stationSlug }} fw={500}>
          {row.displayName}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {row.stationName}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <Badge variant="light" color={row.isPublished ? 'teal' : 'gray'}>
        {row.isPublished ? 'Published' : 'Draft'}
      </Badge>
    ),
  },
  {
    key: 'amenities',
    header: 'Amenities',
    cell: (row) => <AmenitiesCell labels={row.amenities.map((amenity) => AMENITY_LABELS[amenity])} />,
  },
  { key: 'phone', header: 'Phone', nowrap: true, cell: (row) => row.phone ?? '—' },
  { key: 'photos', header: 'Photos', numeric: true, cell: (row) => row.photos.length },
  {
    key: 'created',
    header: 'Created',
    sort: 'createdAt',
    nowrap: true,
    cell: (row) => formatDate(row.createdAt),
  },
];

/** /station-profiles: the public profiles of the visible stations, newest first. */
export function ProfileListScreen({ search }: { search: TStationProfilesSearch }) {
  const navigate = useNavigate({ from: '/station-profiles' });
  const page = search.page ?? 0;
  const sort = search.sort ?? '-createdAt';
  const params = { page: page || undefined, sort: search.sort, isPublished: search.isPublished };
  const list = useProfileList(params);

  return (
    <Stack gap="md">
      <PageHeader
        title="Station profiles"
        description="What customers see of each station: hours, amenities, contact and photos."
        actions={<CsvDownloadButton url={profileListCsvUrl(params)} fallbackName="station-profiles.csv" />}
      />
      <FilterBar
        fields={FILTERS}
        values={search}
        onChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
      />
      <PagedResults
        query={list}
        loadingLabel="Loading profiles…"
        errorTitle="Could not load profiles"
        emptyTitle="No profiles match"
        page={page}
        noun={{ one: 'profile', other: 'profiles' }}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            sort={sort}
            onSort={(field) =>
              void navigate({
                search: (prev) => ({ ...prev, sort: toggleSort(sort, field), page: undefined }),
              })
            }
            busy={list.isPlaceholderData}
            testId="profiles-table"
            rowTestId="profile-row"
            caption="Station profiles"
          />
        )}
      </PagedResults>
    </Stack>
  );
}

/** Two lines of amenities; the whole list is one hover away when it is longer. */
function AmenitiesCell({ labels }: { labels: string[] }) {
  const text = labels.join(', ') || '—';
  return (
    <Text size="sm" lineClamp={2} title={text}>
      {text}
    </Text>
  );
}
