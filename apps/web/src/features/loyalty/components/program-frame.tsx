import { Group, Stack } from '@mantine/core';
import { IconArrowsExchange, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/query-states';
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
