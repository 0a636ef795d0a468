import type { TOnboardingStatus } from '@forecourt/contracts';
import { List, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/links';
import { useCan } from '../../auth';
import { useOnboarding } from '../queries';

type TStep = { done: boolean; label: string; action: ReactNode };

function steps(status: TOnboardingStatus): TStep[] {
  const keySlug = status.nextStationSlug;
  return [
    {
      done: status.stations > 0,
      label: 'Add your first station with its dispensers',
      action: <AnchorLink to="/stations/new">Add a station</AnchorLink>,
    },
    {
      done: status.stationsWithKey > 0,
      label: 'Issue a data key for the station',
      action: keySlug ? (
        <AnchorLink to="/stations/$slug/ingest" params={{ slug: keySlug }}>
          Issue a key
        </AnchorLink>
      ) : null,
    },
    {
      done: status.stationsReporting > 0,
      label: 'Receive the first data from a station',
      action: (
        <Text span size="sm" c="dimmed">
          Send one request with the key (the data feed page shows how).
        </Text>
      ),
    },
    {
      done: status.people > 0,
      label: 'Invite the people who run your stations',
      action: <AnchorLink to="/settings/members">Invite members</AnchorLink>,
    },
  ];
}

/** What is left to set up a new organisation; shown to admins until every step is done. */
export function SetupChecklist() {
  const isAdmin = useCan('apikeys:r');
  const onboarding = useOnboarding(isAdmin);
  const status = onboarding.data;
  if (!isAdmin || !status || status.complete) return null;
  const list = steps(status);
  const done = list.filter((step) => step.done).length;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="setup-title"
      data-testid="setup-checklist"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="setup-title">
          Set up your organisation
        </Title>
        <Progress value={(done / list.length) * 100} aria-label={`${done} of ${list.length} steps done`} />
        <List spacing="xs" listStyleType="none" p={0}>
          {list.map((step) => (
            <List.Item
              key={step.label}
              icon={
                <ThemeIcon color={step.done ? 'green' : 'gray'} variant="light" size={24} radius="xl">
                  {step.done ? (
                    <IconCircleCheck size={16} aria-hidden />
                  ) : (
                    <IconCircle size={16} aria-hidden />
                  )}
                </ThemeIcon>
              }
            >
              <Text span fw={step.done ? 400 : 600} td={step.done ? 'line-through' : undefined}>
                {step.label}
              </Text>
              {step.done ? <VisuallyHidden> (done)</VisuallyHidden> : <> — {step.action}</>}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
