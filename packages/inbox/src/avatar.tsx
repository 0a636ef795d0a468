import type { InboxMessage } from '@forecourt/inbox-core';

/** Icons of `system_icon` actors, 24×24 paths. */
const SYSTEM_ICONS: Record<string, string> = {
  warning: 'M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z',
  up: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2V10l-3 3-1.4-1.4L12 6.2l5.4 5.4L16 13l-3-3v7Z',
  question:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 17h-2v-2h2v2Zm2.1-7.8-.9.9A3.4 3.4 0 0 0 13 15h-2v-.5a4 4 0 0 1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.2Z',
};

const isImageUrl = (url: string | null | undefined): url is string =>
  typeof url === 'string' && /^(?:https?:\/\/|\/(?!\/)|data:image\/)/i.test(url.trim());

function initials(first: string | null | undefined, last: string | null | undefined): string {
  return `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase();
}

/**
 * The sender's avatar by actor type: none → nothing; `user` → their picture, else
 * their initials, else a person icon; `system_icon` → one of six icons; `system_custom` → an image.
 */
export function Avatar({ message, systemLabel }: { message: InboxMessage; systemLabel: string }) {
  const actor = message.actor;
  if (!actor || actor.type === 'none') return null;
  if (actor.type === 'system_icon') {
    const name = actor.data && actor.data in SYSTEM_ICONS ? actor.data : 'info';
    return (
      <span
        className={`fc-inbox-avatar fc-inbox-avatar--icon fc-inbox-avatar--${name}`}
        data-actor="system_icon"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" role="img" aria-label={systemLabel}>
          <path fill="currentColor" d={SYSTEM_ICONS[name]} />
        </svg>
      </span>
    );
  }
  if (actor.type === 'system_custom') {
    if (!isImageUrl(actor.data)) return null;
    return (
      <span className="fc-inbox-avatar" data-actor="system_custom">
        <img src={actor.data} alt={systemLabel} width={32} height={32} />
      </span>
    );
  }
  if (actor.type === 'user') {
    const person = message.actorSubscriber;
    const url = isImageUrl(actor.data) ? actor.data : isImageUrl(person?.avatar) ? person?.avatar : null;
    const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
    if (url) {
      return (
        <span className="fc-inbox-avatar" data-actor="user">
          <img src={url} alt={name} width={32} height={32} />
        </span>
      );
    }
    const letters = initials(person?.firstName, person?.lastName);
    return (
      <span className="fc-inbox-avatar fc-inbox-avatar--initials" data-actor="user" title={name || undefined}>
        {letters || (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4 0-9 2-9 5v3h18v-3c0-3-5-5-9-5Z"
            />
          </svg>
        )}
      </span>
    );
  }
  return null;
}
