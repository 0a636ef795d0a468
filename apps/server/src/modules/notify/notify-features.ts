/**
 * Feature flags of the notification platform, read from NOTIFY_FEATURES (a comma list of the
 * features that are on; unset: all on). Honoured here: `topic-notification` (triggers may name
 * topics) and `multi-tenancy` (tenants API and tenants in triggers).
 */
export const NOTIFY_FEATURES = ['topic-notification', 'multi-tenancy'] as const;
export type NotifyFeature = (typeof NOTIFY_FEATURES)[number];
export type NotifyFeatures = Record<NotifyFeature, boolean>;

export const ALL_FEATURES: NotifyFeatures = { 'topic-notification': true, 'multi-tenancy': true };

/** Parses NOTIFY_FEATURES; throws on an unknown name so a typo does not silently turn things off. */
export function parseNotifyFeatures(value: string | undefined): NotifyFeatures {
  if (value === undefined) return { ...ALL_FEATURES };
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(NOTIFY_FEATURES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`NOTIFY_FEATURES: unknown feature ${unknown.join(', ')}`);
  return Object.fromEntries(NOTIFY_FEATURES.map((name) => [name, names.includes(name)])) as NotifyFeatures;
}
