import type { InboxView } from '@forecourt/inbox-core';
import { type KeyboardEvent, useRef } from 'react';
import { useInboxI18n, useInboxView } from './hooks';
import { tabStep } from './tab-keys';

const VIEWS: readonly InboxView[] = ['inbox', 'archived', 'snoozed'];

/**
 * The Inbox / Archived / Snoozed tabs above the feed: the archive and the snoozed messages are
 * lists of their own (of the active store). ←/→ move between them, mirrored right to left.
 */
export function InboxViews() {
  const { t, dir } = useInboxI18n();
  const { view, setView } = useInboxView();
  const listRef = useRef<HTMLDivElement>(null);
  const labels: Record<InboxView, string> = {
    inbox: t.inboxTab,
    archived: t.archivedTab,
    snoozed: t.snoozedTab,
  };
  const choose = (next: InboxView) => {
    void setView(next).catch(() => {});
    listRef.current?.querySelector<HTMLElement>(`[data-view="${next}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = tabStep(event.key, dir);
    if (step === 0) return;
    event.preventDefault();
    const at = VIEWS.indexOf(view);
    choose(VIEWS[(at + step + VIEWS.length) % VIEWS.length] as InboxView);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t.viewsLabel}
      className="fc-inbox-tabs fc-inbox-views"
      onKeyDown={onKeyDown}
    >
      {VIEWS.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          data-view={item}
          aria-selected={item === view}
          tabIndex={item === view ? 0 : -1}
          className={`fc-inbox-tab${item === view ? ' fc-inbox-tab--active' : ''}`}
          onClick={() => choose(item)}
        >
          {labels[item]}
        </button>
      ))}
    </div>
  );
}
