import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { HomePageSetting } from '../../features/saved-views';

export const Route = createLazyRoute('/shell/settings/profile')({ component: ProfileSettingsPage });

/** /settings/profile: the user's own settings (their home page). */
function ProfileSettingsPage() {
  useDocumentTitle('Your settings · Forecourt');
  return (
    <Stack gap="lg">
      <PageHeader title="Your settings" description="Settings of your own, in this organisation." />
      <HomePageSetting />
    </Stack>
  );
}
