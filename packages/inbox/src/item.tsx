import type { InboxMessage } from '@forecourt/inbox-core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useInboxActions, useInboxI18n } from './hooks';
import { relativeTime } from './relative-time';

/** Message content as plain text: markup is dropped, never interpreted. */
export function plainText(html: string): string {
  // Line breaks of the content stay line breaks (the item shows them with `white-space: pre-line`).
  if (typeof DOMParser === 'undefined') return html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  return body.textContent ?? '';
}

const ignore = () => {};

/** One feed entry: text, relative time, unread marker and a menu of flag actions. */
export function InboxItem({ message }: { message: InboxMessage }) {
  const { t, locale } = useInboxI18n();
  const actions = useInboxActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

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
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Only the menu closes; the popover stays open.
      event.stopPropagation();
      closeMenu();
    }
  };

  return (
    <li className={`fc-inbox-item${message.read ? '' : ' fc-inbox-item--unread'}`} data-read={message.read}>
      <div className="fc-inbox-item__body">
        {message.subject ? <p className="fc-inbox-item__subject">{plainText(message.subject)}</p> : null}
        <p className="fc-inbox-item__content">{plainText(message.content)}</p>
        <time className="fc-inbox-item__time" dateTime={message.createdAt}>
          {relativeTime(message.createdAt, locale)}
        </time>
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
          onClick={() => setMenuOpen((open) => !open)}
        >
          ⋯
        </button>
        {menuOpen ? (
          <div ref={menuRef} id={menuId} role="menu" className="fc-inbox-menu" onKeyDown={onMenuKey}>
            {message.read ? (
              <button type="button" role="menuitem" onClick={run(actions.markAsUnread)}>
                {t.markAsUnread}
              </button>
            ) : (
              <button type="button" role="menuitem" onClick={run(actions.markAsRead)}>
                {t.markAsRead}
              </button>
            )}
            <button type="button" role="menuitem" onClick={run(actions.removeMessage)}>
              {t.removeMessage}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
