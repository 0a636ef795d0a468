import { ORG_SIGNUP_PATH } from '@forecourt/contracts';
import type { EnsureQueryDataOptions, QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
  redirect,
  stripSearchParams,
} from '@tanstack/react-router';
import { z } from 'zod';
import { ZAccessRequestsSearch } from '../features/access-requests/search';
import { ZDispensersSearch } from '../features/assets/search';
import { ZCardRequestsSearch, ZCardsSearch } from '../features/cards/search';
import { ZIncidentsSearch } from '../features/incidents/search';
import { ZLoyaltyTransactionsSearch, ZSettlementsSearch } from '../features/loyalty/search';
import { ZMailboxSearch } from '../features/mailbox/search';
import { ZMemberListSearch } from '../features/members/search';
import {
  commandCentreQueryOptions,
  stationMetricsQueryOptions,
  stationOverviewQueryOptions,
} from '../features/metrics/queries';
import { ZChartSearch, ZSalesSearch } from '../features/metrics/search';
import { ZNotificationsSearch } from '../features/notify-admin/search';
import {
  ZChallansSearch,
  ZCustomersSearch,
  ZPaymentsSearch,
  ZSightingsSearch,
  ZTransactionsSearch,
  ZVehicleRegistrySearch,
  ZVehicleSearch,
} from '../features/operations/search';
import { ZOrganizationsSearch } from '../features/organizations/search';
import { ZPersonnelSearch } from '../features/personnel/search';
import { ZReviewsSearch } from '../features/reviews/search';
import { ZStationProfilesSearch } from '../features/station-profiles/search';
import { stationListQueryOptions, stationQueryOptions } from '../features/stations/queries';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from '../features/stations/search';
import { loaderWindow } from '../features/time-window/loader-window';
import { getSession, isLoggedIn } from '../lib/credentials';
import { bindNavigation } from '../lib/navigation';
import { parseRouterSearch, stringifyRouterSearch } from '../lib/query-string';
import { HOME_PATH, signedInDestination } from '../lib/redirect';
import { ensureSession } from '../lib/session';
import { AppLayout } from './layout/app-shell';
import { NotFoundPage, RouteError, RoutePending } from './layout/route-states';

export type TRouterContext = { queryClient: QueryClient };

/**
 * Starts loading a query while the route's code downloads, without holding up navigation.
 * Cached data is used as it is (no refetch on mount); the screen shows loading and error states.
 */
function prefetch(loading: Promise<unknown>): void {
  loading.catch(() => {
    // The screen's own query reports the error.
  });
}

/**
 * Starts a windowed screen's first query with its code; an invalid window is left to the screen.
 * A station's screens start it together with the station itself (not after it): one round trip
 * fewer before the figures. An unknown slug then asks for figures it cannot have, which answer 404
 * (never retried) while the layout says the station was not found.
 */
function prefetchWindowed<TData, TKey extends readonly unknown[]>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey> & { enabled?: unknown },
): void {
  if (options.enabled === false) return;
  prefetch(queryClient.ensureQueryData(options));
}

const rootRoute = createRootRouteWithContext<TRouterContext>()({
  notFoundComponent: () => (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  ),
});

const zOptionalText = (max: number) => z.string().max(max).optional().catch(undefined);

/** A yes flag in the address (`true` or `1`); anything else reads as absent. */
const zFlag = z
  .union([z.literal(true), z.enum(['true', '1'])])
  .optional()
  .catch(undefined);

const ZLoginSearch = z.object({
  redirect_url: zOptionalText(2000),
  /** After signing out: says so. */
  logout: zFlag,
  /** A stored session that could not be renewed (set by the shell guard): says it expired. */
  expired: zFlag,
});

/** /login and the other sign-in pages: open to everyone. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: ZLoginSearch,
  beforeLoad: ({ search }) => {
    // Already signed in (another tab, the back button): no form to fill, go on.
    if (!search.logout && isLoggedIn())
      throw redirect({ href: signedInDestination(search.redirect_url), replace: true });
  },
}).lazy(() => import('../routes/auth/login.lazy').then((module) => module.Route));

/** Where Google or GitHub send the browser back after a provider sign-in. */
const oauthCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/oauth/$provider',
}).lazy(() => import('../routes/auth/oauth-callback.lazy').then((module) => module.Route));

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup',
  validateSearch: z.object({ invitation: zOptionalText(512), email: zOptionalText(254) }),
}).lazy(() => import('../routes/auth/signup.lazy').then((module) => module.Route));

const organizationSignupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup/organization',
}).lazy(() => import('../routes/auth/organization.lazy').then((module) => module.Route));

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  validateSearch: z.object({ email: zOptionalText(254) }),
}).lazy(() => import('../routes/auth/forgot-password.lazy').then((module) => module.Route));

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: z.object({ token: zOptionalText(1024) }),
}).lazy(() => import('../routes/auth/reset-password.lazy').then((module) => module.Route));

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify-email',
  validateSearch: z.object({ token: zOptionalText(1024) }),
}).lazy(() => import('../routes/auth/verify-email.lazy').then((module) => module.Route));

/** Every page with the header and navigation. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  /**
   * Every page of the shell needs a session. An expired access token is renewed here,
   * silently; when that is refused the user signs in again and comes back to this address.
   */
  beforeLoad: async ({ location }) => {
    const check = await ensureSession();
    if (check !== 'active') {
      // A first visit to the home page is not an expired session: no way back to offer.
      const isHome = location.pathname === '/' || location.href === HOME_PATH;
      const redirectUrl = check === 'expired' || !isHome ? location.href : undefined;
      throw redirect({
        to: '/login',
        search: { redirect_url: redirectUrl, ...(check === 'expired' ? { expired: true as const } : {}) },
      });
    }
    // A user without an organisation (the login answer said so, or the token has no `org`) sets one up first.
    const session = getSession();
    if (
      session?.credentials.redirect_url === ORG_SIGNUP_PATH ||
      (session?.payload && session.payload.org === undefined)
    )
      throw redirect({ to: '/signup/organization' });
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * `/`: the user's home page (docs/PRODUCT.md, "Saved views, pins and home pages"): their own
 * choice, else the rule of their role, as the server resolves it; the station list when it cannot.
 */
const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    // Loaded on the way: the saved-views code (and its schemas) stays out of the first load.
    const { homePageQueryOptions } = await import('../features/saved-views/queries');
    const home = await context.queryClient
      .fetchQuery({ ...homePageQueryOptions(), staleTime: 0, retry: false })
      .catch(() => null);
    if (!home) throw redirect({ to: '/stations', replace: true });
    throw redirect({ to: home.to, params: home.params, search: home.search, replace: true } as never);
  },
});

const stationListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'stations',
  validateSearch: ZStationListSearch,
  search: { middlewares: [stripSearchParams(STATION_LIST_DEFAULTS)] },
  // Not `loaderDeps: search`: a match whose deps change is a new match, so the page would
  // remount (and the search box lose focus) on every filter change. The screen's query follows
  // the search; the loader only gets the first page of a visit (or a hover preload) started early.
  loader: ({ context, location }) =>
    prefetch(
      context.queryClient.ensureQueryData(stationListQueryOptions(ZStationListSearch.parse(location.search))),
    ),
}).lazy(() => import('../routes/stations/list.lazy').then((module) => module.Route));

const stationNewRoute = createRoute({ getParentRoute: () => shellRoute, path: 'stations/new' }).lazy(() =>
  import('../routes/stations/new.lazy').then((module) => module.Route),
);

const stationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'stations/$slug',
  loader: ({ context, params }) =>
    prefetch(context.queryClient.ensureQueryData(stationQueryOptions(params.slug))),
}).lazy(() => import('../routes/stations/station/layout.lazy').then((module) => module.Route));

const stationOverviewRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: '/',
  validateSearch: ZChartSearch,
  loader: ({ context, params, location }) =>
    prefetchWindowed(
      context.queryClient,
      stationOverviewQueryOptions(params.slug, loaderWindow('command', location.search)),
    ),
}).lazy(() => import('../routes/stations/station/overview.lazy').then((module) => module.Route));
const stationSchematicRoute = createRoute({ getParentRoute: () => stationRoute, path: 'schematic' }).lazy(
  () => import('../routes/stations/station/schematic.lazy').then((module) => module.Route),
);
const stationAssetsRoute = createRoute({ getParentRoute: () => stationRoute, path: 'assets' }).lazy(() =>
  import('../routes/stations/station/assets.lazy').then((module) => module.Route),
);
const stationDispensersRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'assets/dispensers',
  validateSearch: ZDispensersSearch,
}).lazy(() => import('../routes/stations/station/dispensers.lazy').then((module) => module.Route));
const stationCongestionRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'congestion',
  validateSearch: ZChartSearch,
}).lazy(() => import('../routes/stations/station/congestion.lazy').then((module) => module.Route));
const stationVehiclesRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'vehicles',
  validateSearch: ZSightingsSearch,
}).lazy(() => import('../routes/stations/station/vehicles.lazy').then((module) => module.Route));
const stationTransactionsRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'transactions',
  validateSearch: ZTransactionsSearch,
}).lazy(() => import('../routes/stations/station/transactions.lazy').then((module) => module.Route));
const stationSalesRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'sales',
  validateSearch: ZSalesSearch,
}).lazy(() => import('../routes/stations/station/sales.lazy').then((module) => module.Route));
const stationPaymentsRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'payments',
  validateSearch: ZPaymentsSearch,
}).lazy(() => import('../routes/stations/station/payments.lazy').then((module) => module.Route));
const stationCustomersRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'customers',
  validateSearch: ZCustomersSearch,
}).lazy(() => import('../routes/stations/station/customers.lazy').then((module) => module.Route));
const stationChallansRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'challans',
  validateSearch: ZChallansSearch,
}).lazy(() => import('../routes/stations/station/challans.lazy').then((module) => module.Route));
const stationMetricsRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'metrics',
  validateSearch: ZChartSearch,
  loader: ({ context, params, location }) =>
    prefetchWindowed(
      context.queryClient,
      stationMetricsQueryOptions(params.slug, loaderWindow('stationMetrics', location.search)),
    ),
}).lazy(() => import('../routes/stations/station/metrics.lazy').then((module) => module.Route));
const stationIngestRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'ingest',
  validateSearch: z.object({ welcome: z.literal('1').optional().catch(undefined) }),
}).lazy(() => import('../routes/stations/station/ingest.lazy').then((module) => module.Route));
const stationProfileRoute = createRoute({ getParentRoute: () => stationRoute, path: 'profile' }).lazy(() =>
  import('../routes/stations/station/profile.lazy').then((module) => module.Route),
);
const stationReviewsRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'reviews',
  validateSearch: ZReviewsSearch,
}).lazy(() => import('../routes/stations/station/reviews.lazy').then((module) => module.Route));
const stationPersonnelRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'personnel',
  validateSearch: ZPersonnelSearch,
}).lazy(() => import('../routes/stations/station/personnel.lazy').then((module) => module.Route));

const incidentsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'incidents',
  validateSearch: ZIncidentsSearch,
}).lazy(() => import('../routes/incidents.lazy').then((module) => module.Route));
const incidentRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'incidents/$id',
}).lazy(() => import('../routes/incidents.detail.lazy').then((module) => module.Route));
const cardsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'cards',
  validateSearch: ZCardsSearch,
}).lazy(() => import('../routes/cards.lazy').then((module) => module.Route));
const cardRequestsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'cards/activation-requests',
  validateSearch: ZCardRequestsSearch,
}).lazy(() => import('../routes/cards.activation-requests.lazy').then((module) => module.Route));
const cardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'cards/$id',
}).lazy(() => import('../routes/cards.detail.lazy').then((module) => module.Route));
const loyaltyRoute = createRoute({ getParentRoute: () => shellRoute, path: 'loyalty' }).lazy(() =>
  import('../routes/loyalty.lazy').then((module) => module.Route),
);
const loyaltyProgramRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'loyalty/$slug',
  validateSearch: ZLoyaltyTransactionsSearch,
}).lazy(() => import('../routes/loyalty.program.lazy').then((module) => module.Route));
const loyaltySettlementsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'loyalty/$slug/settlements',
  validateSearch: ZSettlementsSearch,
}).lazy(() => import('../routes/loyalty.settlements.lazy').then((module) => module.Route));
const loyaltySettlementRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'loyalty/$slug/settlements/$id',
}).lazy(() => import('../routes/loyalty.settlement.lazy').then((module) => module.Route));
const vehiclesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'vehicles',
  validateSearch: ZVehicleRegistrySearch,
}).lazy(() => import('../routes/vehicles/list.lazy').then((module) => module.Route));
const vehicleRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'vehicles/$registration',
  validateSearch: ZVehicleSearch,
}).lazy(() => import('../routes/vehicles/vehicle.lazy').then((module) => module.Route));
/** The network command centre, `/command` (docs/PRODUCT.md, "Screens and routes"). */
const commandRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'command',
  validateSearch: ZChartSearch,
  loader: ({ context, location }) =>
    prefetchWindowed(
      context.queryClient,
      commandCentreQueryOptions(loaderWindow('command', location.search)),
    ),
}).lazy(() => import('../routes/command.lazy').then((module) => module.Route));

const accessRequestsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'access-requests',
  validateSearch: ZAccessRequestsSearch,
}).lazy(() => import('../routes/access-requests.lazy').then((module) => module.Route));

const membersRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings/members',
  validateSearch: ZMemberListSearch,
}).lazy(() => import('../routes/settings/members.lazy').then((module) => module.Route));
const profileSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings/profile',
}).lazy(() => import('../routes/settings/profile.lazy').then((module) => module.Route));
const organizationSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings/organization',
}).lazy(() => import('../routes/settings/organization.lazy').then((module) => module.Route));
const organizationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations',
  validateSearch: ZOrganizationsSearch,
}).lazy(() => import('../routes/organizations.lazy').then((module) => module.Route));
const stationProfilesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'station-profiles',
  validateSearch: ZStationProfilesSearch,
}).lazy(() => import('../routes/station-profiles.lazy').then((module) => module.Route));

/** The notification platform for admins: workflows, integrations, subscribers, topics, activity, keys. */
const notificationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings/notifications',
  validateSearch: ZNotificationsSearch,
}).lazy(() => import('../routes/settings/notifications.lazy').then((module) => module.Route));
const notificationWorkflowRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'settings/notifications/workflows/$workflowId',
}).lazy(() => import('../routes/settings/notifications.workflow.lazy').then((module) => module.Route));

const mailboxRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'mailbox',
  validateSearch: ZMailboxSearch,
}).lazy(() => import('../routes/mailbox.lazy').then((module) => module.Route));

export const routeTree = rootRoute.addChildren([
  loginRoute,
  oauthCallbackRoute,
  signupRoute,
  organizationSignupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  shellRoute.addChildren([
    indexRoute,
    stationListRoute,
    stationNewRoute,
    stationRoute.addChildren([
      stationOverviewRoute,
      stationIngestRoute,
      stationSchematicRoute,
      stationAssetsRoute,
      stationDispensersRoute,
      stationCongestionRoute,
      stationVehiclesRoute,
      stationTransactionsRoute,
      stationSalesRoute,
      stationPaymentsRoute,
      stationCustomersRoute,
      stationChallansRoute,
      stationMetricsRoute,
      stationProfileRoute,
      stationReviewsRoute,
      stationPersonnelRoute,
    ]),
    commandRoute,
    incidentsRoute,
    incidentRoute,
    cardsRoute,
    cardRequestsRoute,
    cardRoute,
    loyaltyRoute,
    loyaltyProgramRoute,
    loyaltySettlementsRoute,
    loyaltySettlementRoute,
    vehiclesRoute,
    vehicleRoute,
    membersRoute,
    profileSettingsRoute,
    organizationSettingsRoute,
    organizationsRoute,
    stationProfilesRoute,
    accessRequestsRoute,
    notificationsRoute,
    notificationWorkflowRoute,
    mailboxRoute,
  ]),
]);

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    parseSearch: parseRouterSearch,
    stringifySearch: stringifyRouterSearch,
    // Hovering a link loads the page's code and data; TanStack Query decides what is fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
  // The HTTP client sends the user to /login through the router when a session ends.
  bindNavigation(router.history);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
