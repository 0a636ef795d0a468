import type { TAuditEntry } from '@forecourt/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconEdit, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { AuditTrail } from '../../../components/audit-trail';
import { AnchorLink } from '../../../components/links';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { isApiError } from '../../../lib/http';
import { useCan } from '../../auth';
import { useStation } from '../../stations';
import { useProfile } from '../queries';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';

const FIELD_LABELS: Record<string, string> = {
  displayName: 'name',
  description: 'description',
  amenities: 'amenities',
  hours: 'opening hours',
  photos: 'photos',
  phone: 'phone',
  email: 'email',
  isPublished: 'publication',
};

/** One line per audit entry: who changed which fields. */
export function describeProfileEntry(entry: TAuditEntry): string {
  if (entry.action === 'station_profile.created') return 'Profile created';
  const changes = Object.keys((entry.data.changes as Record<string, unknown> | undefined) ?? {});
  return changes.length
    ? `Changed ${changes.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`
    : entry.action;
}

/** /stations/$slug/profile: the public profile; admins edit it (or create it when there is none). */
export function StationProfileScreen({ slug }: { slug: string }) {
  const canEdit = useCan('stations:u');
  const station = useStation(slug);
  const profile = useProfile(slug);
  const [editing, setEditing] = useState(false);
  const missing = profile.isError && isApiError(profile.error, 'NOT_FOUND');

  if (editing) {
    return (
      <ProfileForm
        slug={slug}
        stationName={station.data?.name ?? ''}
        profile={profile.data}
        onDone={() => setEditing(false)}
      />
    );
  }
  if (missing) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} title="No public profile yet">
        <Stack gap="sm" align="flex-start">
          {canEdit
            ? 'Create one so customers see its hours, amenities and photos.'
            : 'An admin can create one.'}
          {canEdit && (
            <Button size="xs" onClick={() => setEditing(true)}>
              Create profile
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!profile.data) {
    return profile.isError ? (
      <ErrorState
        title="Could not load the profile"
        error={profile.error}
        onRetry={() => profile.refetch()}
      />
    ) : (
      <LoadingState label="Loading the profile…" />
    );
  }
  return (
    <Stack gap="lg">
      <ProfileView
        profile={profile.data}
        actions={
          canEdit && (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit profile
            </Button>
          )
        }
      />
      <AuditTrail entries={profile.data.audit} describe={describeProfileEntry} />
      <AnchorLink to="/station-profiles" size="sm">
        All station profiles
      </AnchorLink>
    </Stack>
  );
}
