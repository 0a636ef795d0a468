import type { TestApp } from '../../test/create-test-app';

/** Shortcuts for the auth tests: each goes through the whole HTTP stack with `app.inject`. */
export function authClient(t: TestApp) {
  return {
    login(email: string, password: string, ip = '203.0.113.10') {
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: ip,
      });
    },
    extend(refreshToken: string) {
      return t.app.inject({
        method: 'PUT',
        url: '/api/auth/extend',
        payload: { refresh_token: refreshToken },
      });
    },
    verify(accessToken: string) {
      return t.app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    },
    logout(accessToken: string) {
      return t.app.inject({
        method: 'PUT',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    },
    me(accessToken: string) {
      return t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    },
  };
}
