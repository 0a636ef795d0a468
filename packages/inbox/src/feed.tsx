import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useInboxActions, useInboxI18n, useInboxView, useNotifications } from './hooks';
import { formatMessage } from './i18n/types';
import { InboxItem, useOpenMessage } from './item';

const ignore = () => {};

/**
 * The active store's messages as an ARIA feed, with "load more" that also fires when it scrolls
 * into view. Keyboard: ↑/↓ or k/j move between messages, Home/End, Enter opens, `r` toggles read,
 * Delete/Backspace removes, `e` archives (in the archive and the snoozed list: back to the inbox).
 * Checkboxes select messages for bulk mark-read and removal
 * (shift-click selects a range).
 */
export function InboxFeed() {
  const { t } = useInboxI18n();
  const { notifications, status, hasMore, fetchingNextPage, fetchNextPage, refetch } = useNotifications();
  const actions = useInboxActions();
  const { view } = useInboxView();
  const open = useOpenMessage();
  const moreRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchorRef = useRef<number | null>(null);
  const hintId = useId();
  const loadMore = () => void fetchNextPage().catch(ignore);

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

  // Selections of messages that are gone (removed, other store) are dropped.
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      const ids = new Set(notifications.map((m) => m._id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [notifications]);

  if (status === 'error' && notifications.length === 0) {
    return (
      <div className="fc-inbox-feed__state" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="fc-inbox-button" onClick={() => void refetch().catch(ignore)}>
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

  const activeIndex = Math.max(
    0,
    notifications.findIndex((m) => m._id === activeId),
  );
  const focusAt = (index: number) => {
    const target = notifications[Math.min(Math.max(index, 0), notifications.length - 1)];
    if (!target) return;
    setActiveId(target._id);
    itemRefs.current.get(target._id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const element = event.target as HTMLElement;
    if (element.tagName !== 'ARTICLE' || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = notifications.findIndex((m) => m._id === element.dataset.messageId);
    const message = notifications[index];
    if (!message) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        event.preventDefault();
        focusAt(index + 1);
        if (index + 1 >= notifications.length && hasMore) loadMore();
        break;
      case 'ArrowUp':
      case 'k':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(notifications.length - 1);
        break;
      case 'Enter':
        event.preventDefault();
        open(message);
        break;
      case 'r':
      case 'R':
        event.preventDefault();
        void (message.read ? actions.markAsUnread(message._id) : actions.markAsRead(message._id)).catch(
          ignore,
        );
        break;
      case 'Delete':
      case 'Backspace':
      case 'e':
      case 'E': {
        event.preventDefault();
        // Focus stays in the feed: on the next message, or the previous one at the end.
        const next = notifications[index + 1] ?? notifications[index - 1];
        const leave =
          event.key === 'Delete' || event.key === 'Backspace'
            ? actions.removeMessage
            : view === 'archived'
              ? actions.unarchive
              : view === 'snoozed'
                ? actions.unsnooze
                : actions.archive;
        void leave(message._id).catch(ignore);
        if (next) {
          setActiveId(next._id);
          itemRefs.current.get(next._id)?.focus();
        }
        break;
      }
      default:
    }
  };

  const select = (index: number, on: boolean, range: boolean) => {
    const anchor = anchorRef.current;
    const ids =
      range && anchor !== null
        ? notifications.slice(Math.min(anchor, index), Math.max(anchor, index) + 1).map((m) => m._id)
        : [notifications[index]?._id].filter((id): id is string => Boolean(id));
    anchorRef.current = index;
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const selectedIds = [...selected];
  const clear = () => {
    setSelected(new Set());
    anchorRef.current = null;
  };
  const allSelected = selected.size === notifications.length;

  return (
    <div className="fc-inbox-feed">
      {selected.size > 0 ? (
        <div
          className="fc-inbox-bulk"
          role="toolbar"
          aria-label={formatMessage(t.selectedCount, { count: selected.size })}
        >
          <label className="fc-inbox-bulk__all">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => (allSelected ? clear() : setSelected(new Set(notifications.map((m) => m._id))))}
            />
            <span>{formatMessage(t.selectedCount, { count: selected.size })}</span>
          </label>
          <button
            type="button"
            className="fc-inbox-button"
            onClick={() => {
              const unread = notifications.filter((m) => selected.has(m._id) && !m.read).map((m) => m._id);
              if (unread.length) void actions.markAsRead(unread).catch(ignore);
              clear();
            }}
          >
            {t.markSelectedAsRead}
          </button>
          <button
            type="button"
            className="fc-inbox-button"
            onClick={() => {
              void actions.removeMessages(selectedIds).catch(ignore);
              clear();
            }}
          >
            {t.removeSelected}
          </button>
          <button type="button" className="fc-inbox-button" onClick={clear}>
            {t.clearSelection}
          </button>
        </div>
      ) : null}
      <div
        role="feed"
        className="fc-inbox-feed__list"
        aria-label={t.notifications}
        aria-busy={fetchingNextPage}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        {notifications.map((message, index) => (
          <InboxItem
            key={message._id}
            message={message}
            position={index + 1}
            total={notifications.length}
            tabbable={index === activeIndex}
            selected={selected.has(message._id)}
            onSelect={(on, range) => select(index, on, range)}
            onFocus={() => setActiveId(message._id)}
            itemRef={(element) => {
              if (element) itemRefs.current.set(message._id, element);
              else itemRefs.current.delete(message._id);
            }}
          />
        ))}
      </div>
      <p id={hintId} className="fc-inbox-sr-only">
        {`${t.keyboardHint}. ${t.archiveKeyHint}`}
      </p>
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
