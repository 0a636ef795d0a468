import { useEffect } from 'react';
import { useInboxActions, useNotifications } from './hooks';

/** How long the feed must stay in view before what it shows counts as seen. */
export const SEEN_AFTER_MS = 1000;

/**
 * Marks the shown messages seen when the feed is looked at ("mark fetched as seen": the loaded
 * messages that are neither seen nor read), once they have been in view for a moment. The server
 * then sends the new unseen count, which clears the bell's badge. Renders nothing.
 */
export function SeenWhenViewed() {
  const { notifications } = useNotifications();
  const { markFetchedAsSeen } = useInboxActions();
  const unseen = notifications
    .filter((message) => !message.seen && !message.read)
    .map((m) => m._id)
    .join();
  useEffect(() => {
    if (!unseen) return;
    const timer = setTimeout(() => void markFetchedAsSeen().catch(() => {}), SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [unseen, markFetchedAsSeen]);
  return null;
}
