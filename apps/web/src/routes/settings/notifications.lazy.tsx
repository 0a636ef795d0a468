import { Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../features/auth/session';
import { ActivityTab } from '../../features/notify-admin/components/activity-tab';
import { AdminOnly } from '../../features/notify-admin/components/admin-only';
import { IntegrationsTab } from '../../features/notify-admin/components/integrations-tab';
import { KeysTab } from '../../features/notify-admin/components/keys-tab';
import { SubscribersTab } from '../../features/notify-admin/components/subscribers-tab';
import { TopicsTab } from '../../features/notify-admin/components/topics-tab';
import { WorkflowsTab } from '../../features/notify-admin/components/workflows-tab';
import type { TNotifyAdminTab } from '../../features/notify-admin/search';

export const Route = createLazyRoute('/shell/settings/notifications')({ component: NotificationsPage });

const TABS: { value: TNotifyAdminTab; label: string }[] = [
  { value: 'workflows', label: 'Workflows' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'topics', label: 'Topics' },
  { value: 'activity', label: 'Activity' },
  { value: 'keys', label: 'Keys' },
];

/** /settings/notifications: the organisation's notification platform, for admins. */
function NotificationsPage() {
  useDocumentTitle('Notifications · Forecourt');
  const canRead = useCan('notifications:r');
  const { tab = 'workflows' } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!canRead) return <AdminOnly />;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Notifications"
        description="Workflows, provider integrations, subscribers and topics, delivery activity and API keys of your organisation's notification platform."
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          void navigate({ search: { tab: value === 'workflows' ? undefined : (value as TNotifyAdminTab) } })
        }
      >
        <Tabs.List mb="md">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="workflows">
          <WorkflowsTab />
        </Tabs.Panel>
        <Tabs.Panel value="integrations">
          <IntegrationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="subscribers">
          <SubscribersTab />
        </Tabs.Panel>
        <Tabs.Panel value="topics">
          <TopicsTab />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityTab />
        </Tabs.Panel>
        <Tabs.Panel value="keys">
          <KeysTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
