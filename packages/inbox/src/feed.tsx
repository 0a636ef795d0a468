import { useEffect, useRef } from 'react';
import { useInboxI18n, useNotifications } from './hooks';
import { InboxItem } from './item';

/** The active store's messages, with "load more" that also fires when it scrolls into view. */
export function InboxFeed() {
  const { t } = useInboxI18n();
  const { notifications, status, hasMore, fetchingNextPage, fetchNextPage, refetch } = useNotifications();
  const moreRef = useRef<HTMLButtonElement>(null);
  const loadMore = () => void fetchNextPage().catch(() => {});

  const canLoad = hasMore && !fetchingNextPage;
  const loadRef = useRef(loadMore);
  loadRef.current = loadMore;
  useEffect(() => {
    const target = moreRef.current;
    if (!canLoad || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad]);

  if (status === 'error' && notifications.length === 0) {
    return (
      <div className="fc-inbox-feed__state" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="fc-inbox-button" onClick={() => void refetch().catch(() => {})}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return (
      <p className="fc-inbox-feed__state" aria-live="polite">
        {status === 'ready' ? t.emptyFeed : t.loading}
      </p>
    );
  }
  return (
    <div className="fc-inbox-feed">
      <ul className="fc-inbox-feed__list">
        {notifications.map((message) => (
          <InboxItem key={message._id} message={message} />
        ))}
      </ul>
      {hasMore ? (
        <button
          ref={moreRef}
          type="button"
          className="fc-inbox-button fc-inbox-feed__more"
          disabled={fetchingNextPage}
          onClick={loadMore}
        >
          {fetchingNextPage ? t.loading : t.loadMore}
        </button>
      ) : null}
    </div>
  );
}
