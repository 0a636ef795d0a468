import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { firstStationPath, type TScheme, useScheme, waitForSettled } from '../fixtures/pages';

/**
 * axe (WCAG 2 A and AA rules) on the app's pages in both themes: no serious or critical
 * violation anywhere. A page that fails lists each rule with the first nodes it found.
 */

type TTarget = string | ((page: Page) => Promise<string>);

const station = (sub: string) => async (page: Page) => `${await firstStationPath(page)}${sub}`;

/** The first link of a list, for detail pages. */
const firstLink = (list: string, row: string) => async (page: Page) => {
  await page.goto(list);
  const href = await page.getByTestId(row).first().getByRole('link').first().getAttribute('href');
  expect(href, `a link in the first ${row}`).toBeTruthy();
  return href ?? '';
};

const SIGNED_OUT: Record<string, TTarget> = {
  'sign-in': '/login',
  signup: '/signup',
  'forgot-password': '/forgot-password',
};

const SIGNED_IN: Record<string, TTarget> = {
  stations: '/stations',
  'stations-map': '/stations?view=map',
  'station-new': '/stations/new',
  'station-overview': station(''),
  'station-schematic': station('/schematic'),
  'station-assets': station('/assets'),
  'station-congestion': station('/congestion'),
  'station-vehicles': station('/vehicles'),
  'station-transactions': station('/transactions'),
  'station-sales': station('/sales'),
  'station-payments': station('/payments'),
  'station-customers': station('/customers'),
  'station-challans': station('/challans'),
  'station-metrics': station('/metrics'),
  'station-ingest': station('/ingest'),
  'station-profile': station('/profile'),
  'station-reviews': station('/reviews'),
  'station-personnel': station('/personnel'),
  incidents: '/incidents',
  'incident-detail': firstLink('/incidents', 'incidents-row'),
  cards: '/cards',
  'card-activation-requests': '/cards/activation-requests',
  loyalty: '/loyalty',
  'loyalty-program': '/loyalty/sahyog-rewards',
  'loyalty-settlements': '/loyalty/sahyog-rewards/settlements',
  vehicles: '/vehicles',
  command: '/command',
  'access-requests': '/access-requests',
  'settings-members': '/settings/members',
  'settings-organization': '/settings/organization',
  organizations: '/organizations',
  'station-profiles': '/station-profiles',
  'settings-notifications': '/settings/notifications',
  mailbox: '/mailbox',
};

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
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

/**
 * Pages that still fail one rule, named with the rule so the list only shrinks: axe reports
 * `link-in-text-block` for links inside muted text on these pages although the theme underlines
 * links (not yet understood; docs/DECISIONS.md "Readable colours and whole words").
 */
const KNOWN_FAILURES: Record<string, string> = {
  'light:cards': 'link-in-text-block',
  'dark:cards': 'link-in-text-block',
  'light:card-activation-requests': 'link-in-text-block',
  'dark:card-activation-requests': 'link-in-text-block',
  'dark:signup': 'link-in-text-block',
  'dark:stations': 'link-in-text-block',
  'dark:stations-map': 'link-in-text-block',
};

async function check(page: Page, target: TTarget): Promise<void> {
  const path = typeof target === 'string' ? target : await target(page);
  await page.goto(path);
  await waitForSettled(page);
  const found = await seriousViolations(page);
  expect(found, `serious axe violations on ${path}:\n${found.join('\n')}`).toEqual([]);
}

for (const scheme of ['light', 'dark'] as TScheme[]) {
  test.describe(`accessibility, ${scheme} theme, signed out`, () => {
    test.beforeEach(async ({ page }) => useScheme(page, scheme));
    for (const [name, target] of Object.entries(SIGNED_OUT)) {
      test(`${name} has no serious axe violations`, async ({ page }) => {
        const known = KNOWN_FAILURES[`${scheme}:${name}`];
        test.fixme(known !== undefined, `known: ${known}`);
        await check(page, target);
      });
    }
  });

  test.describe(`accessibility, ${scheme} theme, signed in`, () => {
    test.use({ actor: 'admin' });
    test.beforeEach(async ({ page }) => useScheme(page, scheme));
    for (const [name, target] of Object.entries(SIGNED_IN)) {
      test(`${name} has no serious axe violations`, async ({ page }) => {
        const known = KNOWN_FAILURES[`${scheme}:${name}`];
        test.fixme(known !== undefined, `known: ${known}`);
        await check(page, target);
      });
    }
  });
}
