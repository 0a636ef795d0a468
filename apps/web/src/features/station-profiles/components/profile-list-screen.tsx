import type { TStationProfileItem } from '@forecourt/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { FilterBar, type TFilterField } from '../../../components/filter-bar';
import { AnchorLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
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
    cell: (row) => (
      <Text size="sm" lineClamp={2}>
        {row.amenities.map((amenity) => AMENITY_LABELS[amenity]).join(', ') || '—'}
      </Text>
    ),
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

/** /station-profiles: the public profiles of the visible stations, newest first (spec §9). */
export function ProfileListScreen({ search }: { search: TStationProfilesSearch }) {
  const navigate = useNavigate({ from: '/station-profiles' });
  const page = search.page ?? 0;
  const sort = search.sort ?? '-createdAt';
  const params = { page: page || undefined, sort: search.sort, isPublished: search.isPublished };
  const list = useProfileList(params);
  const data = list.data;

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
      {!data ? (
        list.isError ? (
          <ErrorState title="Could not load profiles" error={list.error} onRetry={() => list.refetch()} />
        ) : (
          <LoadingState label="Loading profiles…" />
        )
      ) : data.results.length === 0 ? (
        <EmptyResult title="No profiles match" />
      ) : (
        <Stack gap="sm">
          <DataTable
            rows={data.results}
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
          <Pager
            page={page}
            pages={data.pages}
            count={data.count}
            approximate={data.approximate}
            noun={{ one: 'profile', other: 'profiles' }}
            onPageChange={(next) =>
              void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })
            }
            disabled={list.isPlaceholderData}
          />
        </Stack>
      )}
    </Stack>
  );
}
