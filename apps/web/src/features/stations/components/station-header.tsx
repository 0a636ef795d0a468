import type { TStation } from '@forecourt/contracts';
import { Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { StationLiveIndicator } from '../../realtime';
import { FUEL_PROVIDER_LABELS } from '../labels';
import { StationPinButton } from './pin-button';
import { FuelBadges, StationStatusBadge } from './station-badges';

function StationBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs fz="sm" separatorMargin={6}>
      <AnchorLink to="/stations" size="sm">
        Stations
      </AnchorLink>
      <Text size="sm" c="dimmed" aria-current="page" truncate maw={320}>
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/**
 * Title block of every station page, kept to a line or two: name, status, live state, provider,
 * code, place and fuels. The main menu leads back to the list, so there are no breadcrumbs here.
 */
export function StationHeader({ station }: { station: TStation }) {
  return (
    <Group gap="xs" align="center" wrap="wrap" data-testid="station-header">
      <Title order={1} size="h3" mr={4} style={{ overflowWrap: 'anywhere' }}>
        {station.name}
      </Title>
      <StationPinButton slug={station.slug} name={station.name} />
      <StationStatusBadge status={station.status} />
      <StationLiveIndicator stationId={station.id} slug={station.slug} stationStatus={station.status} />
      <Text size="sm" c="dimmed">
        {FUEL_PROVIDER_LABELS[station.fuelProvider]} ·{' '}
        <span style={{ fontFamily: 'monospace' }}>{station.code}</span>
      </Text>
      <Group gap={4} wrap="nowrap">
        <IconMapPin size={14} aria-hidden />
        <Text size="sm" c="dimmed">
          {station.city}, {station.state}
        </Text>
      </Group>
      <FuelBadges fuels={station.fuels} />
    </Group>
  );
}

export function StationHeaderSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading station">
      <Skeleton height={28} width={320} />
      <Skeleton height={36} />
    </Stack>
  );
}

export function StationNotFound({ slug }: { slug: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <StationBreadcrumbs current={slug} />
      <PageHeader
        title="Station not found"
        description={
          <>
            There is no station <code>{slug}</code> in your network, or you do not have access to it.
          </>
        }
      />
      <ButtonLink to="/stations" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Back to all stations
      </ButtonLink>
    </Stack>
  );
}
