import { z } from 'zod';

/** The tabs of /settings/notifications (`?tab=`; workflows when absent). */
export const NOTIFY_ADMIN_TABS = [
  'workflows',
  'integrations',
  'subscribers',
  'topics',
  'activity',
  'keys',
] as const;
export type TNotifyAdminTab = (typeof NOTIFY_ADMIN_TABS)[number];

export const ZNotificationsSearch = z.object({
  tab: z.enum(NOTIFY_ADMIN_TABS).optional().catch(undefined),
});
