import { Group, Stack } from '@mantine/core';
import { IconArrowsExchange, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { TFilterField } from '../../../components/filter-bar';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/query-states';
import { fetchStationDirectory } from '../../operations/api';
import { operationsKeys } from '../../operations/keys';
import { useLoyaltyPrograms } from '../queries';

type TSection = 'transactions' | 'settlements';

/**
 * The frame of a programme's pages: its name, the two sections (ledger, settlements) as links, and
 * the page. A slug that is not one of the organisation's programmes shows "not found".
 */
export function ProgramFrame({
  slug,
  current,
  children,
}: {
  slug: string;
  current: TSection;
  children: ReactNode;
}) {
  const programs = useLoyaltyPrograms();
  const program = programs.data?.results.find((item) => item.slug === slug);
  if (programs.data && !program) {
    return (
      <ErrorState
        title="Loyalty programme not found"
        message="It does not exist or belongs to another organisation."
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={program?.name ?? 'Loyalty'}
        description={
          program
            ? `Points ledger and station settlements · ${program.pointsPerHundred} point${program.pointsPerHundred === 1 ? '' : 's'} per ₹100`
            : 'Points ledger and station settlements'
        }
      />
      <Group gap="xs" component="nav" aria-label="Loyalty sections">
        <ButtonLink
          to="/loyalty/$slug"
          params={{ slug }}
          activeOptions={{ exact: true, includeSearch: false }}
          variant={current === 'transactions' ? 'light' : 'subtle'}
          leftSection={<IconArrowsExchange size={16} aria-hidden />}
        >
          Transactions
        </ButtonLink>
        <ButtonLink
          to="/loyalty/$slug/settlements"
          params={{ slug }}
          activeOptions={{ includeSearch: false }}
          variant={current === 'settlements' ? 'light' : 'subtle'}
          leftSection={<IconReceipt size={16} aria-hidden />}
        >
          Settlements
        </ButtonLink>
      </Group>
      {children}
    </Stack>
  );
}

/** Station names for the station filter (the organisation's, as the stations list gives them). */
export function useStationFilter(build: (stations: { id: number; name: string }[]) => TFilterField[]) {
  const stations = useQuery({
    queryKey: operationsKeys.stationDirectory(),
    queryFn: ({ signal }) => fetchStationDirectory(signal),
    staleTime: 10 * 60_000,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `build` is a module-level function
  return useMemo(() => build(stations.data?.results ?? []), [stations.data]);
}
