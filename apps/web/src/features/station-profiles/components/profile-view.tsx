import { type TStationProfileDetail, WEEKDAYS } from '@forecourt/contracts';
import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AMENITY_LABELS, formatDay, WEEKDAY_LABELS } from '../hours';

/** The public profile as customers would see it: description, amenities, hours, contact and photos. */
export function ProfileView({ profile, actions }: { profile: TStationProfileDetail; actions?: ReactNode }) {
  return (
    <Stack gap="md" data-testid="profile-view">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={2} size="h3">
            {profile.displayName}
          </Title>
          <Badge variant="light" color={profile.isPublished ? 'teal' : 'gray'}>
            {profile.isPublished ? 'Published' : 'Draft'}
          </Badge>
        </Group>
        {actions}
      </Group>
      {profile.description && <Text>{profile.description}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Opening hours
            </Title>
            <Table withRowBorders={false} verticalSpacing={4} data-testid="profile-hours">
              <Table.Tbody>
                {WEEKDAYS.map((day) => (
                  <Table.Tr key={day}>
                    <Table.Th scope="row" fw={500} w={120}>
                      {WEEKDAY_LABELS[day]}
                    </Table.Th>
                    <Table.Td>{formatDay(profile.hours, day)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Amenities
            </Title>
            {profile.amenities.length ? (
              <Group gap={6} data-testid="profile-amenities">
                {profile.amenities.map((amenity) => (
                  <Badge key={amenity} variant="outline" color="indigo" tt="none">
                    {AMENITY_LABELS[amenity]}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text c="dimmed" size="sm">
                None listed
              </Text>
            )}
            <Title order={3} size="h5" mt="xs">
              Contact
            </Title>
            <Text size="sm">
              Phone:{' '}
              {profile.phone ? (
                <Anchor href={`tel:${profile.phone.replace(/[\s-]/g, '')}`}>{profile.phone}</Anchor>
              ) : (
                '—'
              )}
            </Text>
            <Text size="sm">
              Email: {profile.email ? <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor> : '—'}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      {profile.photos.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Photos
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {profile.photos.map((photo) => (
              <Stack key={photo.url} gap={4}>
                <Image
                  src={photo.url}
                  alt={photo.caption ?? profile.displayName}
                  h={120}
                  radius="sm"
                  fit="cover"
                  fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E"
                />
                {photo.caption && (
                  <Text size="xs" c="dimmed" truncate>
                    {photo.caption}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
