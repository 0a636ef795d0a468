import type { InboxMessage } from '@forecourt/inbox-core';
import {
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Avatar } from './avatar';
import { useInboxActions, useInboxContext, useInboxI18n, useInboxView, useSnoozeChoices } from './hooks';
import { formatMessage } from './i18n/types';
import { relativeTime } from './relative-time';
import { sanitizeHtml } from './sanitize';

/** Message content as plain text: markup is dropped, never interpreted. */
export function plainText(html: string): string {
  // Line breaks of the content stay line breaks (the item shows them with `white-space: pre-line`).
  if (typeof DOMParser === 'undefined') return html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  return body.textContent ?? '';
}

const ignore = () => {};

/**
 * Opening a message: it is marked read, a message with a link but no buttons records the
 * `clicked` action, and the redirect URL (if any) is followed.
 */
export function useOpenMessage(): (message: InboxMessage) => void {
  const { client, onUrlChange } = useInboxContext('useOpenMessage');
  return useMemo(
    () => (message: InboxMessage) => {
      if (!message.read) void client.markAsRead(message._id).catch(ignore);
      const url = message.cta?.type === 'redirect' ? message.cta.data?.url : undefined;
      const hasButtons = (message.cta?.action?.buttons?.length ?? 0) > 0;
      if (url && !hasButtons && message.cta?.action?.result?.type !== 'clicked')
        void client.updateAction(message._id, 'clicked', 'done').catch(ignore);
      if (url) onUrlChange(url);
    },
    [client, onUrlChange],
  );
}

export type InboxItemProps = {
  message: InboxMessage;
  /** Position in the feed (1-based) and the feed's length, for screen readers. */
  position?: number;
  total?: number;
  /** Roving focus: the one item of the feed that is in the tab order. */
  tabbable?: boolean;
  selected?: boolean;
  onSelect?: (selected: boolean, range: boolean) => void;
  onFocus?: () => void;
  itemRef?: Ref<HTMLElement>;
};

/**
 * One feed entry: avatar, sanitised content, relative time, CTA buttons, a selection checkbox and a
 * menu of flag actions. Clicking it (or Enter when focused) opens it.
 */
export function InboxItem({
  message,
  position,
  total,
  tabbable = true,
  selected = false,
  onSelect,
  onFocus,
  itemRef,
}: InboxItemProps) {
  const { t, locale } = useInboxI18n();
  const actions = useInboxActions();
  const { view } = useInboxView();
  const snoozeChoices = useSnoozeChoices();
  const { onUrlChange, messageTone } = useInboxContext('InboxItem');
  const open = useOpenMessage();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const contentId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const html = useMemo(() => sanitizeHtml(message.content), [message.content]);

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menuOpen]);

  const closeMenu = () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  const run = (action: (id: string) => Promise<unknown>) => () => {
    closeMenu();
    void action(message._id).catch(ignore);
  };
  /** An action after which the item leaves this list: focus moves to its neighbour, not to nowhere. */
  const leave = (action: (id: string) => Promise<unknown>) => () => {
    setMenuOpen(false);
    const article = toggleRef.current?.closest('article');
    const next = article?.nextElementSibling ?? article?.previousElementSibling;
    const target = next instanceof HTMLElement ? next : article?.closest<HTMLElement>('[role="dialog"]');
    target?.focus();
    void action(message._id).catch(ignore);
  };
  const snoozeLabels = { hour: t.snoozeHour, tomorrow: t.snoozeTomorrow, nextWeek: t.snoozeNextWeek };
  const onMenuKey = (event: KeyboardEvent) => {
    // Keys inside the menu are the menu's: the feed's shortcuts do not fire.
    event.stopPropagation();
    if (event.key === 'Escape') closeMenu();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[next]?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    // Only a click on the item itself opens it, not one on its links, buttons or checkbox.
    if ((event.target as Element).closest('a, button, input, [role="menu"]')) return;
    actions.logUsage('Notification Click', { notificationId: message._id, hasCta: Boolean(message.cta) });
    open(message);
  };

  const action = message.cta?.action;
  const buttons = action?.status === 'done' ? [] : (action?.buttons ?? []);
  const done =
    action?.status === 'done' ? action.buttons?.find((b) => b.type === action.result?.type) : undefined;
  // The host's tone, when it gives one, replaces the plain high-severity mark (a resolved
  // incident that was critical is no longer marked as pressing).
  const tone = messageTone?.(message) ?? null;
  const high = !tone && message.severity === 'high';
  const classes = [
    'fc-inbox-item',
    message.read ? '' : 'fc-inbox-item--unread',
    high ? 'fc-inbox-item--high' : '',
    tone ? 'fc-inbox-item--tone' : '',
    selected ? 'fc-inbox-item--selected' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the feed handles Enter on a focused item
    <article
      ref={itemRef}
      className={classes}
      data-read={message.read}
      data-severity={message.severity}
      data-tone={tone?.tone}
      data-message-id={message._id}
      tabIndex={tabbable ? 0 : -1}
      aria-posinset={position}
      aria-setsize={total}
      aria-labelledby={contentId}
      aria-describedby={`${contentId}-time`}
      onClick={onClick}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus?.();
      }}
    >
      {onSelect ? (
        <input
          type="checkbox"
          className="fc-inbox-item__check"
          aria-label={t.selectMessage}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked, false)}
          onClick={(event) => {
            if (event.shiftKey) {
              event.preventDefault();
              onSelect(!selected, true);
            }
          }}
        />
      ) : null}
      <Avatar message={message} systemLabel={t.systemSender} />
      <div className="fc-inbox-item__body">
        <div id={contentId}>
          {message.read ? null : <span className="fc-inbox-sr-only">{`${t.unread}: `}</span>}
          {tone ? (
            <span className="fc-inbox-item__tone" data-tone={tone.tone} data-testid="fc-inbox-tone">
              {tone.label}
              <span className="fc-inbox-sr-only">: </span>
            </span>
          ) : null}
          {high ? (
            <span className="fc-inbox-item__severity" data-testid="fc-inbox-high">
              {t.highSeverity}
              <span className="fc-inbox-sr-only">: </span>
            </span>
          ) : null}
          {message.subject ? <p className="fc-inbox-item__subject">{plainText(message.subject)}</p> : null}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeHtml (DOMPurify, inline markup only) */}
          <div className="fc-inbox-item__content" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
        <time id={`${contentId}-time`} className="fc-inbox-item__time" dateTime={message.createdAt}>
          {relativeTime(message.createdAt, locale)}
        </time>
        {message.snoozedUntil ? (
          <p className="fc-inbox-item__time" data-testid="fc-inbox-snoozed-until">
            {formatMessage(t.snoozedUntil, {
              time: new Date(message.snoozedUntil).toLocaleString(locale, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </p>
        ) : null}
        {buttons.length ? (
          <fieldset className="fc-inbox-item__actions" aria-label={t.actions}>
            {buttons.map((button) => (
              <button
                key={button.type}
                type="button"
                className={`fc-inbox-cta fc-inbox-cta--${button.type}`}
                onClick={() => {
                  void actions.updateAction(message._id, button.type).catch(ignore);
                  if (!message.read) void actions.markAsRead(message._id).catch(ignore);
                  if (button.url) onUrlChange(button.url);
                }}
              >
                {button.content}
              </button>
            ))}
          </fieldset>
        ) : null}
        {done?.resultContent ? <p className="fc-inbox-item__result">{done.resultContent}</p> : null}
      </div>
      <div className="fc-inbox-item__menu">
        <button
          ref={toggleRef}
          type="button"
          className="fc-inbox-icon-button"
          aria-label={t.messageActions}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => setMenuOpen((isOpen) => !isOpen)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
        {menuOpen ? (
          <div ref={menuRef} id={menuId} role="menu" className="fc-inbox-menu" onKeyDown={onMenuKey}>
            {view === 'archived' ? (
              <button type="button" role="menuitem" onClick={leave(actions.unarchive)}>
                {t.unarchive}
              </button>
            ) : view === 'snoozed' ? (
              <button type="button" role="menuitem" onClick={leave(actions.unsnooze)}>
                {t.unsnooze}
              </button>
            ) : message.read ? (
              <button type="button" role="menuitem" onClick={run(actions.markAsUnread)}>
                {t.markAsUnread}
              </button>
            ) : (
              <button type="button" role="menuitem" onClick={run(actions.markAsRead)}>
                {t.markAsRead}
              </button>
            )}
            {view === 'inbox' ? (
              <>
                <button type="button" role="menuitem" onClick={leave(actions.archive)}>
                  {t.archive}
                </button>
                {snoozeChoices().map((choice) => (
                  <button
                    key={choice.key}
                    type="button"
                    role="menuitem"
                    onClick={leave((id) => actions.snooze(id, choice.until))}
                  >
                    {snoozeLabels[choice.key]}
                  </button>
                ))}
              </>
            ) : null}
            <button type="button" role="menuitem" onClick={leave(actions.removeMessage)}>
              {t.removeMessage}
            </button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
