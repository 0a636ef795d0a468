import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createMembership, createOrganization, createSignedInUser, createUser } from '../../test/factories';
import { revokeAllSessions } from './sessions.service';

/**
 * Crafted access tokens (RFC 8725, OWASP ASVS 5.0 V9). Every one must answer 401 on an
 * authenticated route and on a grant route; the control token, crafted the same way with the
 * right key and claims, must pass, which proves the crafting itself is right.
 */
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hs = (data: string, key: string | Buffer, bits = 256) =>
  createHmac(`sha${bits}`, key).update(data).digest('base64url');
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsaPublicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
const rsaJwk = rsa.publicKey.export({ format: 'jwk' });

type Claims = Record<string, unknown>;
type Craft = { secret: string; claims: Claims; userId: number; refreshToken: string };

function jws(header: Claims, claims: Claims, signer: (input: string) => string): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${signer(input)}`;
}
const good = (c: Craft, header: Claims = {}, claims: Claims = {}) =>
  jws({ alg: 'HS256', typ: 'at+jwt', ...header }, { ...c.claims, ...claims }, (input) => hs(input, c.secret));

const ATTACKS: [string, (c: Craft) => string][] = [
  ['alg none, empty signature', (c) => `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(c.claims)}.`],
  ['alg None', (c) => jws({ alg: 'None', typ: 'at+jwt' }, c.claims, () => 'x')],
  ['alg NONE', (c) => jws({ alg: 'NONE', typ: 'at+jwt' }, c.claims, () => 'x')],
  [
    'alg nOnE with a real HS256 signature',
    (c) => jws({ alg: 'nOnE', typ: 'at+jwt' }, c.claims, (i) => hs(i, c.secret)),
  ],
  [
    'HS256 signed with a wrong key',
    (c) => jws({ alg: 'HS256', typ: 'at+jwt' }, c.claims, (i) => hs(i, 'x'.repeat(32))),
  ],
  ['HS256 signed with an empty key', (c) => jws({ alg: 'HS256', typ: 'at+jwt' }, c.claims, (i) => hs(i, ''))],
  [
    'HS384 with the real key',
    (c) => jws({ alg: 'HS384', typ: 'at+jwt' }, c.claims, (i) => hs(i, c.secret, 384)),
  ],
  [
    'HS512 with the real key',
    (c) => jws({ alg: 'HS512', typ: 'at+jwt' }, c.claims, (i) => hs(i, c.secret, 512)),
  ],
  [
    'RS256 signed with an attacker key',
    (c) =>
      jws({ alg: 'RS256', typ: 'at+jwt' }, c.claims, (i) =>
        sign('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
  ],
  [
    'RS256 header, HMAC keyed with a public key (confusion)',
    (c) => jws({ alg: 'RS256', typ: 'at+jwt' }, c.claims, (i) => hs(i, rsaPublicPem)),
  ],
  [
    'HS256 keyed with a public key PEM',
    (c) => jws({ alg: 'HS256', typ: 'at+jwt' }, c.claims, (i) => hs(i, rsaPublicPem)),
  ],
  [
    'ES256 signed with an attacker key',
    (c) =>
      jws({ alg: 'ES256', typ: 'at+jwt' }, c.claims, (i) =>
        sign('sha256', Buffer.from(i), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }).toString(
          'base64url',
        ),
      ),
  ],
  [
    'embedded jwk (RSA) with its own signature',
    (c) =>
      jws({ alg: 'RS256', typ: 'at+jwt', jwk: rsaJwk }, c.claims, (i) =>
        sign('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
  ],
  [
    'embedded jwk (oct) with its own signature',
    (c) =>
      jws({ alg: 'HS256', typ: 'at+jwt', jwk: { kty: 'oct', k: b64('attacker') } }, c.claims, (i) =>
        hs(i, 'attacker'),
      ),
  ],
  [
    'jku to a foreign URL',
    (c) =>
      jws({ alg: 'RS256', typ: 'at+jwt', jku: 'https://evil.example/jwks.json' }, c.claims, (i) =>
        sign('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
  ],
  [
    'x5u to a foreign URL',
    (c) =>
      jws({ alg: 'RS256', typ: 'at+jwt', x5u: 'https://evil.example/cert.pem' }, c.claims, (i) =>
        sign('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
  ],
  [
    'kid path traversal, empty key',
    (c) => jws({ alg: 'HS256', typ: 'at+jwt', kid: '../../../../dev/null' }, c.claims, (i) => hs(i, '')),
  ],
  [
    'kid SQL injection',
    (c) =>
      jws({ alg: 'HS256', typ: 'at+jwt', kid: "x' UNION SELECT 'key' --" }, c.claims, (i) => hs(i, 'key')),
  ],
  ['kid header even with the real key', (c) => good(c, { kid: 'k1' })],
  ['jku header even with the real key', (c) => good(c, { jku: 'https://evil.example/jwks.json' })],
  ['crit header', (c) => good(c, { crit: ['exp'] })],
  ['b64: false header', (c) => good(c, { b64: false, crit: ['b64'] })],
  [
    'expired (iat 20 min ago)',
    (c) => good(c, {}, { iat: (c.claims.iat as number) - 1200, exp: (c.claims.exp as number) - 1200 }),
  ],
  ['nbf in the future', (c) => good(c, {}, { nbf: (c.claims.iat as number) + 3600 })],
  [
    'iat one hour in the future',
    (c) => good(c, {}, { iat: (c.claims.iat as number) + 3600, exp: (c.claims.exp as number) + 3600 }),
  ],
  ['lifetime longer than 15 minutes', (c) => good(c, {}, { exp: (c.claims.iat as number) + 365 * 86_400 })],
  ['wrong iss', (c) => good(c, {}, { iss: 'https://evil.example' })],
  ['wrong aud', (c) => good(c, {}, { aud: 'forecourt-web' })],
  ['aud as a list', (c) => good(c, {}, { aud: ['forecourt-api', 'other'] })],
  ['missing typ', (c) => jws({ alg: 'HS256' }, c.claims, (i) => hs(i, c.secret))],
  ['typ JWT', (c) => good(c, { typ: 'JWT' })],
  ['typ application/at+jwt', (c) => good(c, { typ: 'application/at+jwt' })],
  ['missing sub', (c) => good(c, {}, { sub: undefined })],
  ['numeric sub', (c) => good(c, {}, { sub: c.userId })],
  ['sub 0', (c) => good(c, {}, { sub: '0' })],
  ['sub of a user that does not exist', (c) => good(c, {}, { sub: '987654321' })],
  ['extra claim', (c) => good(c, {}, { admin: true })],
  ['missing exp', (c) => good(c, {}, { exp: undefined })],
  [
    'payload not an object',
    (c) => jws({ alg: 'HS256', typ: 'at+jwt' }, [] as unknown as Claims, (i) => hs(i, c.secret)),
  ],
  ['refresh token used as access token', (c) => c.refreshToken],
  [
    'tampered payload (scope escalated), original signature',
    (c) => {
      const [h, , s] = good(c).split('.');
      return `${h}.${b64({ ...c.claims, scope: 'members:crud platform:crud' })}.${s}`;
    },
  ],
  [
    'tampered payload (other sub), original signature',
    (c) => {
      const [h, , s] = good(c).split('.');
      return `${h}.${b64({ ...c.claims, sub: String(c.userId + 1) })}.${s}`;
    },
  ],
  ['truncated signature', (c) => good(c).slice(0, -4)],
  ['empty signature', (c) => good(c).replace(/\.[^.]+$/, '.')],
  ['extra dots', (c) => `${good(c)}.`],
  ['five segments (JWE shape)', (c) => `${good(c)}.a.b`],
  ['non-base64url characters', (c) => good(c).replace(/\./, '+.')],
  [
    'base64 padding',
    (c) => {
      const [h, p, s] = good(c).split('.');
      return `${h}==.${p}.${s}`;
    },
  ],
  ['huge token', (c) => good(c, {}, { pad: 'x'.repeat(10_000) })],
  ['no session generation', (c) => good(c, {}, { gen: undefined })],
  ['session generation of another revocation', (c) => good(c, {}, { gen: 1 })],
  ['negative session generation', (c) => good(c, {}, { gen: -1 })],
  ['session generation as a string', (c) => good(c, {}, { gen: '0' })],
  ['empty string', () => ''],
];

describe('access token attacks', () => {
  let t: TestApp;
  let craft: Craft;
  const url = { user: '/api/auth/verify', grant: '/api/stations' };
  const call = (path: string, token: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    const organization = await createOrganization(t.database.db);
    const { user, tokens } = await createSignedInUser(t.database.db, {
      organizationId: organization.id,
      role: 'admin',
    });
    const iat = Math.floor(t.clock.now() / 1000);
    craft = {
      secret: t.authSecret,
      userId: user.id,
      refreshToken: tokens.refresh_token,
      claims: {
        sub: String(user.id),
        scope: 'stations:r',
        org: organization.id,
        gen: 0,
        iss: 'forecourt',
        aud: 'forecourt-api',
        iat,
        exp: iat + 900,
      },
    };
  });
  afterAll(() => t.close());

  it('accepts the control token crafted with the right key and claims', async () => {
    expect((await call(url.user, good(craft))).statusCode).toBe(200);
    expect((await call(url.grant, good(craft))).statusCode).toBe(200);
  });

  it(`has at least 25 attacks (${ATTACKS.length})`, () => expect(ATTACKS.length).toBeGreaterThanOrEqual(25));

  it.each(ATTACKS)('rejects: %s', async (_name, build) => {
    const token = build(craft);
    for (const path of [url.user, url.grant]) {
      const response = await call(path, token);
      expect(response.statusCode, path).toBe(401);
      expect(['INVALID_TOKEN', 'UNAUTHENTICATED']).toContain(response.json().code);
    }
  });

  it('rejects a token of a disabled user, a deleted user, and one issued before logout', async () => {
    const organization = await createOrganization(t.database.db);
    const make = async () => {
      const user = await createUser(t.database.db);
      await createMembership(t.database.db, { organizationId: organization.id, userId: user.id });
      return { user, token: good(craft, {}, { sub: String(user.id), org: organization.id }) };
    };
    const disabled = await make();
    const deleted = await make();
    const signedOut = await make();
    for (const { token } of [disabled, deleted, signedOut])
      expect((await call(url.user, token)).statusCode).toBe(200);

    await t.database.db
      .updateTable('users')
      .set({ disabledAt: t.clock.now() })
      .where('id', '=', disabled.user.id)
      .execute();
    await t.database.db.deleteFrom('users').where('id', '=', deleted.user.id).execute();
    await revokeAllSessions(t.database.db, signedOut.user.id);
    t.clock.advance(2_001);
    for (const { token } of [disabled, deleted, signedOut])
      expect((await call(url.user, token)).statusCode).toBe(401);
  });

  it('grants come from the membership, not the token: a validly signed escalated scope gives nothing', async () => {
    const organization = await createOrganization(t.database.db);
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, {
      organizationId: organization.id,
      userId: user.id,
      scope: 'incidents:r',
    });
    const token = good(
      craft,
      {},
      { sub: String(user.id), org: organization.id, scope: 'stations:crud members:crud' },
    );
    expect((await call(url.user, token)).statusCode).toBe(200);
    expect((await call(url.grant, token)).statusCode).toBe(403);
  });
});
