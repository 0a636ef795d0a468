import type { TStation } from '@forecourt/contracts';
import { Breadcrumbs, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { StationLiveIndicator } from '../../realtime/live-indicator';
import { FUEL_PROVIDER_LABELS } from '../labels';
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

/** Title block of every station page: name, status, provider, code, place and fuels. */
export function StationHeader({ station }: { station: TStation }) {
  return (
    <PageHeader
      before={<StationBreadcrumbs current={station.name} />}
      title={station.name}
      description={
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <StationStatusBadge status={station.status} />
            <StationLiveIndicator stationId={station.id} slug={station.slug} stationStatus={station.status} />
            <Text size="sm" c="dimmed">
              {FUEL_PROVIDER_LABELS[station.fuelProvider]} ·{' '}
              <span style={{ fontFamily: 'monospace' }}>{station.code}</span>
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              {station.city}, {station.state}
            </Text>
          </Group>
          <FuelBadges fuels={station.fuels} />
        </Stack>
      }
    />
  );
}

export function StationHeaderSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading station">
      <Skeleton height={14} width={160} />
      <Skeleton height={30} width={320} />
      <Skeleton height={14} width={240} />
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
