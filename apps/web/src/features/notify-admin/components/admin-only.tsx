import { Alert, Stack } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';

/** What a member without the notifications grant sees on these pages. */
export function AdminOnly() {
  return (
    <Stack gap="md" align="flex-start">
      <PageHeader title="Notifications" />
      <Alert variant="light" color="gray" icon={<IconUserShield aria-hidden />} title="Only for admins">
        The notification platform is managed by your organisation’s admins.
      </Alert>
      <ButtonLink to="/stations" variant="default">
        Go to stations
      </ButtonLink>
    </Stack>
  );
}
