import { FUELS, type TOrganization } from '@forecourt/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { FilterBar, type TFilterField } from '../../../components/filter-bar';
import { PageHeader } from '../../../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { formatDate } from '../../../lib/format';
import { toggleSort } from '../../../lib/list-sort';
import { useMe } from '../../auth';
import { organizationsCsvUrl } from '../api';
import { FUEL_COLORS, FUEL_LABELS, KIND_LABELS } from '../labels';
import { useOrganizations } from '../queries';
import type { TOrganizationsSearch } from '../search';

type TField = 'name' | 'createdAt';

const FILTERS: TFilterField[] = [
  {
    kind: 'boolean',
    key: 'isFuelProvider',
    label: 'Fuel provider',
    anyLabel: 'Any',
    trueLabel: 'Fuel providers',
    falseLabel: 'Not fuel providers',
  },
  {
    kind: 'multi',
    key: 'fuels',
    label: 'Fuels',
    placeholder: 'Any fuel',
    options: FUELS.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] })),
  },
];

/** /organizations: the organisations the user belongs to, filtered by fuel provider and fuels. */
export function OrganizationsScreen({ search }: { search: TOrganizationsSearch }) {
  const navigate = useNavigate({ from: '/organizations' });
  const me = useMe();
  const page = search.page ?? 0;
  const sort = search.sort ?? 'name';
  const params = {
    page: page || undefined,
    sort: search.sort,
    isFuelProvider: search.isFuelProvider,
    fuels: search.fuels,
  };
  const list = useOrganizations(params);
  const currentId = me.data?.organization?.id;

  const columns: TColumn<TOrganization, TField>[] = [
    {
      key: 'name',
      header: 'Organisation',
      sort: 'name',
      cell: (row) => (
        <Group gap="xs">
          <Text fw={500} size="sm">
            {row.name}
          </Text>
          {row.id === currentId && (
            <Badge size="xs" variant="light">
              Current
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
    {
      key: 'provider',
      header: 'Fuel provider',
      cell: (row) => (row.isFuelProvider ? 'Yes' : 'No'),
    },
    {
      key: 'fuels',
      header: 'Fuels',
      cell: (row) => (
        <Group gap={4}>
          {row.fuels.length
            ? row.fuels.map((fuel) => (
                <Badge key={fuel} size="sm" variant="light" color={FUEL_COLORS[fuel]} tt="none">
                  {FUEL_LABELS[fuel]}
                </Badge>
              ))
            : '—'}
        </Group>
      ),
    },
    {
      key: 'created',
      header: 'Since',
      sort: 'createdAt',
      nowrap: true,
      cell: (row) => formatDate(row.createdAt),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Organisations"
        description="The organisations you are a member of."
        actions={<CsvDownloadButton url={organizationsCsvUrl(params)} fallbackName="organizations.csv" />}
      />
      <FilterBar
        fields={FILTERS}
        values={search}
        onChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
      />
      <PagedResults
        query={list}
        loadingLabel="Loading organisations…"
        errorTitle="Could not load organisations"
        emptyTitle="No organisations match"
        page={page}
        noun={{ one: 'organisation', other: 'organisations' }}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            sort={sort}
            onSort={(field) =>
              void navigate({
                search: (prev) => ({ ...prev, sort: toggleSort(sort, field), page: undefined }),
              })
            }
            busy={list.isPlaceholderData}
            testId="organizations-table"
            rowTestId="organization-row"
            caption="Organisations"
          />
        )}
      </PagedResults>
    </Stack>
  );
}
