import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { InboxErrorBoundary } from './error-boundary';
import { InboxFeed } from './feed';
import { useInboxActions, useInboxI18n, useUnseenCount } from './hooks';
import { formatMessage } from './i18n/types';

/** The badge text: the count, or "99+" past 99 or when the server stopped counting. */
export function badgeLabel(count: number, hasMore = false): string {
  return count > 99 || hasMore ? '99+' : String(count);
}

export type BellProps = {
  /** Shown instead of the inbox if it fails to render (default nothing). */
  fallback?: ReactNode;
  className?: string;
  /** Light or dark colours (the host app's theme); light by default. */
  theme?: 'light' | 'dark';
};

/** The bell with its unseen badge and the notification popover. Needs an {@link InboxProvider}. */
export function Bell({ fallback = null, className, theme = 'light' }: BellProps) {
  return (
    <InboxErrorBoundary fallback={fallback}>
      <BellInner className={className} theme={theme} />
    </InboxErrorBoundary>
  );
}

function BellInner({ className, theme }: { className?: string | undefined; theme: 'light' | 'dark' }) {
  const { t } = useInboxI18n();
  const { count, hasMore } = useUnseenCount();
  const actions = useInboxActions();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  const label = count > 0 || hasMore ? badgeLabel(count, hasMore) : null;
  return (
    <div ref={rootRef} className={`fc-inbox-root${className ? ` ${className}` : ''}`} data-theme={theme}>
      <button
        ref={buttonRef}
        type="button"
        className="fc-inbox-bell"
        aria-label={
          label
            ? `${t.openNotifications} (${formatMessage(t.unseenCount, { count: label })})`
            : t.openNotifications
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
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
      {open ? (
        <div
          ref={dialogRef}
          id={popoverId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fc-inbox-popover"
          onKeyDown={onDialogKey}
        >
          <header className="fc-inbox-header">
            <h2 id={titleId} className="fc-inbox-header__title">
              {t.notifications}
            </h2>
            <button
              type="button"
              className="fc-inbox-button fc-inbox-header__action"
              onClick={() => void actions.markAllAsRead().catch(() => {})}
            >
              {t.markAllAsRead}
            </button>
          </header>
          <InboxFeed />
          <footer className="fc-inbox-footer">{t.poweredBy}</footer>
        </div>
      ) : null}
    </div>
  );
}
