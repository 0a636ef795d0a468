import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, writeStoredCredentials } from '../fixtures/auth';
import { firstStationPath, type TScheme, useScheme, waitForSettled } from '../fixtures/pages';

/**
 * axe (WCAG 2 A and AA rules) on every page of the app in both themes: no serious or critical
 * violation anywhere. A page that fails lists each rule with the first nodes it found. Every
 * route of the router is named here (the first test checks), so a new page is checked too.
 */

type TPath = string | ((page: Page) => Promise<string>);
/** A page to check: the router path it stands for, how to reach it, what to open on it first. */
type TCheck = { route: string; path: TPath; open?: (page: Page) => Promise<void> };

const station = (sub: string) => async (page: Page) => `${await firstStationPath(page)}${sub}`;

/** The first link of a list, for detail pages. */
const firstLink = (list: string, row: string) => async (page: Page) => {
  await page.goto(list);
  const href = await page.getByTestId(row).first().getByRole('link').first().getAttribute('href');
  expect(href, `a link in the first ${row}`).toBeTruthy();
  return href ?? '';
};

/** Opens a header menu or popover and waits for it, so its contents are checked too. */
const openButton = (name: RegExp, shows: 'dialog' | 'menu') => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await expect(page.getByRole(shows).first()).toBeVisible();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));
};

const SIGNED_OUT: Record<string, TCheck> = {
  'sign-in': { route: '/login', path: '/login' },
  'oauth-callback': { route: '/login/oauth/$provider', path: '/login/oauth/google?error=access_denied' },
  signup: { route: '/signup', path: '/signup' },
  'signup-invitation': { route: '/signup', path: '/signup?invitation=e2e-unknown&email=new%40example.com' },
  'organization-signup-signed-out': { route: '/signup/organization', path: '/signup/organization' },
  'forgot-password': { route: '/forgot-password', path: '/forgot-password' },
  'reset-password': { route: '/reset-password', path: '/reset-password?token=e2e-unknown' },
  'verify-email': { route: '/verify-email', path: '/verify-email?token=e2e-unknown' },
};

const SIGNED_IN: Record<string, TCheck> = {
  stations: { route: '/stations', path: '/stations' },
  'stations-map': { route: '/stations', path: '/stations?view=map' },
  'station-new': { route: '/stations/new', path: '/stations/new' },
  'station-overview': { route: '/stations/$slug/', path: station('') },
  'station-schematic': { route: '/stations/$slug/schematic', path: station('/schematic') },
  'station-assets': { route: '/stations/$slug/assets', path: station('/assets') },
  'station-dispensers': { route: '/stations/$slug/assets/dispensers', path: station('/assets/dispensers') },
  'station-congestion': { route: '/stations/$slug/congestion', path: station('/congestion') },
  'station-vehicles': { route: '/stations/$slug/vehicles', path: station('/vehicles') },
  'station-transactions': { route: '/stations/$slug/transactions', path: station('/transactions') },
  'station-sales': { route: '/stations/$slug/sales', path: station('/sales') },
  'station-payments': { route: '/stations/$slug/payments', path: station('/payments') },
  'station-customers': { route: '/stations/$slug/customers', path: station('/customers') },
  'station-challans': { route: '/stations/$slug/challans', path: station('/challans') },
  'station-metrics': { route: '/stations/$slug/metrics', path: station('/metrics') },
  'station-ingest': { route: '/stations/$slug/ingest', path: station('/ingest') },
  'station-ingest-welcome': { route: '/stations/$slug/ingest', path: station('/ingest?welcome=1') },
  'station-profile': { route: '/stations/$slug/profile', path: station('/profile') },
  'station-reviews': {
    route: '/stations/$slug/reviews',
    path: station('/reviews'),
    // Star ratings are named images: the average, and each review's stars.
    open: async (page) => {
      await expect(page.getByRole('img', { name: /^(Average \d\.\d of 5|No ratings yet)$/ })).toBeVisible();
      const reviews = page.getByTestId('review');
      for (const review of (await reviews.all()).slice(0, 5))
        await expect(review.getByRole('img', { name: /^[1-5] of 5 stars$/ })).toBeVisible();
    },
  },
  'station-personnel': { route: '/stations/$slug/personnel', path: station('/personnel') },
  command: { route: '/command', path: '/command' },
  incidents: { route: '/incidents', path: '/incidents' },
  'incident-detail': { route: '/incidents/$id', path: firstLink('/incidents', 'incidents-row') },
  cards: { route: '/cards', path: '/cards' },
  'card-activation-requests': { route: '/cards/activation-requests', path: '/cards/activation-requests' },
  'card-detail': { route: '/cards/$id', path: firstLink('/cards', 'cards-row') },
  loyalty: { route: '/loyalty', path: '/loyalty' },
  'loyalty-program': { route: '/loyalty/$slug', path: '/loyalty/sahyog-rewards' },
  'loyalty-settlements': {
    route: '/loyalty/$slug/settlements',
    path: '/loyalty/sahyog-rewards/settlements',
  },
  'loyalty-settlement': {
    route: '/loyalty/$slug/settlements/$id',
    path: firstLink('/loyalty/sahyog-rewards/settlements', 'settlements-row'),
  },
  vehicles: { route: '/vehicles', path: '/vehicles' },
  vehicle: { route: '/vehicles/$registration', path: firstLink('/vehicles', 'vehicles-row') },
  'access-requests': { route: '/access-requests', path: '/access-requests' },
  'settings-members': { route: '/settings/members', path: '/settings/members' },
  'settings-organization': { route: '/settings/organization', path: '/settings/organization' },
  'settings-profile': { route: '/settings/profile', path: '/settings/profile' },
  organizations: { route: '/organizations', path: '/organizations' },
  'station-profiles': { route: '/station-profiles', path: '/station-profiles' },
  'settings-notifications': { route: '/settings/notifications', path: '/settings/notifications' },
  ...Object.fromEntries(
    ['integrations', 'subscribers', 'topics', 'activity', 'keys'].map((tab) => [
      `settings-notifications-${tab}`,
      { route: '/settings/notifications', path: `/settings/notifications?tab=${tab}` },
    ]),
  ),
  'notification-workflow': {
    route: '/settings/notifications/workflows/$workflowId',
    path: firstLink('/settings/notifications', 'workflow-row'),
  },
  mailbox: { route: '/mailbox', path: '/mailbox' },
  'not-found': { route: '(not found)', path: '/no-such-page' },
  'inbox-open': { route: '(inbox)', path: '/stations', open: openButton(/^Open notifications/, 'dialog') },
  'profile-menu-open': {
    route: '(profile menu)',
    path: '/stations',
    open: async (page) => {
      await page.getByTestId('profile-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
};

/**
 * The router's pages, read from its source: `const name = createRoute({ getParentRoute: () =>
 * parent, path })`, station pages under `/stations/$slug/`. A layout (a route others hang from)
 * is checked through its pages; the index route only redirects.
 */
function routerPaths(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx'), 'utf8');
  const found = [
    ...source.matchAll(/const (\w+) = createRoute\(\{\s*getParentRoute: \(\) => (\w+),\s*path: '([^']*)'/g),
  ].map(([, name, parent, path]) => ({ name, parent, path }));
  expect(found.length).toBeGreaterThan(40);
  const layouts = new Set(found.map((route) => route.parent));
  return found.flatMap(({ name, parent, path }) => {
    // `/` only redirects (to the user's home page), so it has no screen of its own to check.
    if (layouts.has(name) || (path === '/' && (parent === 'rootRoute' || parent === 'shellRoute'))) return [];
    if (parent === 'stationRoute') return [`/stations/$slug/${path === '/' ? '' : path}`];
    return [`/${path}`];
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Sandboxed frames (an email preview, a mail's formatted body) run no scripts, so axe cannot
  // look inside them and waits on them until the test times out; they show mail content, not the app.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe[sandbox]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        );
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join('\n')}`;
    });
}

async function check(page: Page, { path: target, open }: TCheck): Promise<void> {
  // axe over a large page (the workflow editor) takes a while on a busy machine.
  test.setTimeout(120_000);
  const path = typeof target === 'string' ? target : await target(page);
  await page.goto(path);
  await waitForSettled(page);
  await open?.(page);
  const found = await seriousViolations(page);
  expect(found, `serious axe violations on ${path}:\n${found.join('\n')}`).toEqual([]);
}

test('every route of the router is checked', () => {
  const checked = new Set(Object.values({ ...SIGNED_OUT, ...SIGNED_IN }).map((entry) => entry.route));
  const unchecked = routerPaths().filter((path) => !checked.has(path));
  expect(unchecked, 'routes without an axe check').toEqual([]);
});

/** A person who has just signed up: no organisation yet, then a new one without stations. */
async function signUpNewOwner(page: Page): Promise<string> {
  const email = `a11y-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const password = `${DEMO_PASSWORD}-${Date.now()}`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password, firstName: 'Asha', lastName: 'Rao' },
  });
  expect(signup.status(), 'signup').toBe(202);
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), 'login without organisation').toBe(200);
  await page.goto('/login?logout=true');
  await writeStoredCredentials(page, await login.json());
  return email;
}

async function createOrganisation(page: Page): Promise<void> {
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('credentials') ?? '{}'));
  const created = await page.request.post('/api/auth/signup/organization', {
    headers: { authorization: `Bearer ${stored.access_token}` },
    data: { name: `Rao Fuels ${Date.now()}`, kind: 'dealer_group' },
  });
  expect(created.status(), 'organisation signup').toBe(201);
  await writeStoredCredentials(page, await created.json());
}

for (const scheme of ['light', 'dark'] as TScheme[]) {
  test.describe(`accessibility, ${scheme} theme, signed out`, () => {
    test.beforeEach(async ({ page }) => useScheme(page, scheme));
    for (const [name, entry] of Object.entries(SIGNED_OUT)) {
      test(`${name} has no serious axe violations`, async ({ page }) => {
        await check(page, entry);
      });
    }
  });

  test.describe(`accessibility, ${scheme} theme, signed in`, () => {
    test.use({ actor: 'admin' });
    test.beforeEach(async ({ page }) => useScheme(page, scheme));
    for (const [name, entry] of Object.entries(SIGNED_IN)) {
      test(`${name} has no serious axe violations`, async ({ page }) => {
        await check(page, entry);
      });
    }
  });

  test.describe(`accessibility, ${scheme} theme, a new organisation`, () => {
    test.beforeEach(async ({ page }) => useScheme(page, scheme));
    test('organisation signup, the empty station list with its checklist, and adding a station', async ({
      page,
    }) => {
      await signUpNewOwner(page);
      await check(page, { route: '/signup/organization', path: '/signup/organization' });
      await expect(page.getByRole('textbox', { name: 'Organisation name' })).toBeVisible();
      await createOrganisation(page);
      await check(page, { route: '/stations', path: '/stations' });
      await expect(page.getByText('No stations yet')).toBeVisible();
      await check(page, { route: '/stations/new', path: '/stations/new' });
    });
  });
}
