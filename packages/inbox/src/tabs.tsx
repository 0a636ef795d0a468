import { type KeyboardEvent, useRef } from 'react';
import { badgeLabel } from './badge';
import { useInboxI18n, useStores } from './hooks';
import { formatMessage } from './i18n/types';
import { tabStep } from './tab-keys';

/**
 * One tab per store (shown when there are several), each with its own unseen badge. Choosing a
 * tab makes its store active: its query replaces the feed's filter. ←/→ move between tabs.
 */
export function InboxTabs() {
  const { t, dir } = useInboxI18n();
  const { tabs, setStore } = useStores();
  const listRef = useRef<HTMLDivElement>(null);
  if (tabs.length < 2) return null;

  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    void setStore(tab.storeId).catch(() => {});
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];
    for (const button of buttons) if (button.dataset.storeId === tab.storeId) button.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = tabStep(event.key, dir);
    if (step === 0) return;
    choose(tabs.findIndex((tab) => tab.active) + step);
    event.preventDefault();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t.tabsLabel}
      className="fc-inbox-tabs"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => (
        <button
          key={tab.storeId}
          type="button"
          role="tab"
          data-store-id={tab.storeId}
          aria-selected={tab.active}
          tabIndex={tab.active ? 0 : -1}
          className={`fc-inbox-tab${tab.active ? ' fc-inbox-tab--active' : ''}`}
          onClick={() => void setStore(tab.storeId).catch(() => {})}
        >
          <span>{tab.label}</span>
          {tab.count > 0 ? (
            <span className="fc-inbox-tab__badge" data-testid="fc-inbox-tab-badge">
              <span aria-hidden="true">{badgeLabel(tab.count)}</span>
              <span className="fc-inbox-sr-only">
                {formatMessage(t.unseenCount, { count: badgeLabel(tab.count) })}
              </span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
