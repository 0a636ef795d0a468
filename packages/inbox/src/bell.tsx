import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { badgeLabel } from './badge';
import { InboxErrorBoundary } from './error-boundary';
import { InboxFeed } from './feed';
import {
  useInboxActions,
  useInboxContext,
  useInboxI18n,
  useOrganization,
  useUnreadCount,
  useUnseenCount,
} from './hooks';
import { formatMessage } from './i18n/types';
import { InboxPreferences } from './preferences';
import { SeenWhenViewed } from './seen-on-view';
import { InboxTabs } from './tabs';

export { badgeLabel } from './badge';

export type BellProps = {
  /** Shown instead of the inbox if it fails to render (default nothing). */
  fallback?: ReactNode;
  className?: string;
  /** Light or dark colours (the host app's theme); light by default. */
  theme?: 'light' | 'dark';
  /** Show the settings button and the preferences screen (default true). */
  showPreferences?: boolean;
};

/** The bell with its unseen badge and the notification popover. Needs an {@link InboxProvider}. */
export function Bell({ fallback = null, className, theme = 'light', showPreferences = true }: BellProps) {
  return (
    <InboxErrorBoundary fallback={fallback}>
      <BellInner className={className} theme={theme} showPreferences={showPreferences} />
    </InboxErrorBoundary>
  );
}

/** A CSS colour we are willing to put into a custom property (no `;`, `}` or url()). */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([\d\s.,%/+-]+\)|[a-z]{3,20})$/i;

/** Announces "{count} new notifications" politely, grouping arrivals of one second. */
function useNewMessageAnnouncement(): string {
  const { client } = useInboxContext('Bell');
  const { t } = useInboxI18n();
  const [text, setText] = useState('');
  const template = useRef(t.newMessages);
  template.current = t.newMessages;
  useEffect(() => {
    let pending = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = client.onNotificationReceived(() => {
      pending += 1;
      if (timer) return;
      timer = setTimeout(() => {
        setText(formatMessage(template.current, { count: pending }));
        pending = 0;
        timer = undefined;
      }, 1000);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
  return text;
}

function BellInner({
  className,
  theme,
  showPreferences,
}: {
  className?: string | undefined;
  theme: 'light' | 'dark';
  showPreferences: boolean;
}) {
  const { t, dir } = useInboxI18n();
  const { count, hasMore } = useUnseenCount();
  const unread = useUnreadCount();
  const organization = useOrganization();
  const actions = useInboxActions();
  const announcement = useNewMessageAnnouncement();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'feed' | 'preferences'>('feed');
  const popoverId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const settingsRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    // Keyboard users land on the new screen: "back" in preferences, the settings button after it.
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (view === 'preferences') backRef.current?.focus();
    else settingsRef.current?.focus();
  }, [view]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setView('feed');
    if (returnFocus) buttonRef.current?.focus();
  };

  const [side, setSide] = useState<'left' | 'right'>('right');
  useEffect(() => {
    if (!open) return;
    // The popover hangs from the bell towards the middle of the screen, whatever the direction.
    const rect = rootRef.current?.getBoundingClientRect();
    if (rect && typeof window !== 'undefined') {
      setSide(rect.left + rect.width / 2 < window.innerWidth / 2 ? 'left' : 'right');
    }
    dialogRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setView('feed');
      }
    };
    // Escape also closes when focus was lost to the page (e.g. the focused message went away).
    const onKey = (event: globalThis.KeyboardEvent) => {
      const focus = document.activeElement;
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (focus && focus !== document.body && !rootRef.current?.contains(focus)) return;
      setOpen(false);
      setView('feed');
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  const branding = organization?.branding;
  const brand = branding?.color && SAFE_COLOR.test(branding.color.trim()) ? branding.color.trim() : null;
  const style = brand ? ({ '--fc-inbox-primary': brand } as CSSProperties) : undefined;
  const rootDir = dir === 'rtl' || branding?.direction === 'rtl' ? 'rtl' : 'ltr';

  const label = count > 0 || hasMore ? badgeLabel(count, hasMore) : null;
  const unreadLabel =
    unread.count > 0 || unread.hasMore
      ? formatMessage(t.unreadInHeader, { count: badgeLabel(unread.count, unread.hasMore) })
      : null;
  const bellName = [label ? formatMessage(t.unseenCount, { count: label }) : null, unreadLabel].filter(
    (part): part is string => part !== null,
  );
  return (
    <div
      ref={rootRef}
      className={`fc-inbox-root${className ? ` ${className}` : ''}`}
      data-theme={theme}
      dir={rootDir}
      style={style}
    >
      <button
        ref={buttonRef}
        type="button"
        className="fc-inbox-bell"
        aria-label={[t.openNotifications, ...bellName.map((part) => `(${part})`)].join(' ')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => {
          if (open) return close(false);
          setOpen(true);
          actions.logUsage('Open Inbox');
        }}
      >
        <svg className="fc-inbox-bell__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {label ? (
          <span className="fc-inbox-badge" data-testid="fc-inbox-badge" aria-hidden="true">
            {label}
          </span>
        ) : null}
      </button>
      <div className="fc-inbox-sr-only" role="status" aria-live="polite" data-testid="fc-inbox-live">
        {announcement}
      </div>
      {open ? (
        <div
          ref={dialogRef}
          id={popoverId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fc-inbox-popover"
          data-side={side}
          onKeyDown={onDialogKey}
        >
          <header className="fc-inbox-header">
            {view === 'preferences' ? (
              <>
                <button
                  ref={backRef}
                  type="button"
                  className="fc-inbox-icon-button fc-inbox-header__back"
                  aria-label={t.back}
                  onClick={() => setView('feed')}
                >
                  <svg
                    viewBox="0 0 24 24"
                    width="18"
                    height="18"
                    aria-hidden="true"
                    className="fc-inbox-flip"
                  >
                    <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
                  </svg>
                </button>
                <h2 id={titleId} className="fc-inbox-header__title">
                  {t.preferences}
                </h2>
              </>
            ) : (
              <>
                <h2 id={titleId} className="fc-inbox-header__title">
                  {t.notifications}
                  {unreadLabel ? (
                    <span className="fc-inbox-header__count" data-testid="fc-inbox-unread">
                      {unreadLabel}
                    </span>
                  ) : null}
                </h2>
                <div className="fc-inbox-header__actions">
                  <button
                    type="button"
                    className="fc-inbox-button fc-inbox-header__action"
                    onClick={() => {
                      actions.logUsage('Mark All As Read');
                      void actions.markAllAsRead().catch(() => {});
                    }}
                  >
                    {t.markAllAsRead}
                  </button>
                  <button
                    type="button"
                    className="fc-inbox-button fc-inbox-header__action"
                    onClick={() => void actions.markFetchedAsRead().catch(() => {})}
                  >
                    {t.markFetchedAsRead}
                  </button>
                  {showPreferences ? (
                    <button
                      ref={settingsRef}
                      type="button"
                      className="fc-inbox-icon-button"
                      aria-label={t.settings}
                      onClick={() => setView('preferences')}
                    >
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                        <path
                          fill="currentColor"
                          d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.7a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.7a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
                          transform="translate(-1 0)"
                        />
                      </svg>
                    </button>
                  ) : null}
                </div>
              </>
            )}
          </header>
          {view === 'preferences' ? (
            <InboxPreferences />
          ) : (
            <>
              <InboxTabs />
              <InboxFeed />
              <SeenWhenViewed />
            </>
          )}
          <footer className="fc-inbox-footer">{t.poweredBy}</footer>
        </div>
      ) : null}
    </div>
  );
}
