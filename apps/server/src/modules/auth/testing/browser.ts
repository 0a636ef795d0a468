import type { FastifyInstance } from 'fastify';

/**
 * Plays the browser of a provider sign-in: asks the app to start (302 + flow cookie), follows the
 * provider's redirects with a cookie jar until it is sent back to the web app's callback page,
 * and returns that page's query string and the app's flow cookie.
 */
export async function signInAtProvider(
  app: FastifyInstance,
  provider: 'google' | 'github',
  options: { callbackPage: string; redirectUrl?: string },
): Promise<{ query: string; cookie: string }> {
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/oauth/${provider}/start`,
    query: options.redirectUrl ? { redirect_url: options.redirectUrl } : {},
  });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const setCookie = String(start.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const jar = new Map<string, string>();
  let url = String(start.headers.location);
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(options.callbackPage)) return { query: new URL(url).search, cookie };
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const next = response.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${response.status}: ${await response.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects at the provider');
}

/** Posts the callback page's query string with the flow cookie, as the web app does. */
export function finishSignIn(
  app: FastifyInstance,
  provider: 'google' | 'github',
  input: { query: string; cookie?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/oauth/${provider}/callback`,
    headers: input.cookie ? { cookie: input.cookie } : {},
    payload: { query: input.query },
  });
}
