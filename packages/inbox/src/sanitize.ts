import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Harmless inline markup a message may use; everything else is dropped (its text is kept). */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'p',
  'span',
  'code',
  'small',
  'mark',
  'sub',
  'sup',
];
const ALLOWED_ATTR = ['href', 'title'];
/** Links may only go to web pages, mail addresses or paths of the host app. */
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

let purifier: Purifier | null = null;

function getPurifier(): Purifier | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return null;
  // An instance of our own, so our hook never touches the host app's DOMPurify.
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href || !SAFE_URL.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Message content (HTML) reduced to inline markup and links that open in a new tab
 * with `rel="noopener noreferrer"`. Scripts, styles, event handlers, images and forms never
 * survive. Outside a browser the markup is escaped (shown as text).
 */
export function sanitizeHtml(html: string): string {
  const purify = getPurifier();
  if (!purify) return escapeHtml(html);
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
