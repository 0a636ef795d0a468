/**
 * Links with the `{address}` scheme: content may name a stored file as `{address}://path` (or
 * `{address}/path`) without knowing where files are served. When content is presented or a
 * notification rendered, every such link becomes `https://<files host>/path` — always https,
 * whatever the rest of the content uses. The files host is FILES_HOST (a host, optionally with a
 * port and a path prefix), by default the host of APP_URL.
 */
const ADDRESS_LINK = /\{address\}(?::\/\/|\/)/g;

/** A value of FILES_HOST: `host[:port][/prefix]`, no scheme, no query. */
export const FILES_HOST_PATTERN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?(\/[\w.~%/-]*)?$/i;

/** The files host from FILES_HOST, else the host (and port) of the app's public URL. */
export function filesHostOf(configured: string | undefined, appUrl: string): string {
  const host = configured ?? new URL(appUrl).host;
  return host.replace(/\/+$/, '');
}

/** Rewrites every `{address}` link in `text` to `https://<filesHost>/…`; other text is untouched. */
export function resolveFileLinks(text: string, filesHost: string): string {
  return text.includes('{address}') ? text.replace(ADDRESS_LINK, `https://${filesHost}/`) : text;
}
