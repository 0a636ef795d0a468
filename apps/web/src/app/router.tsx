import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
  redirect,
  stripSearchParams,
} from '@tanstack/react-router';
import { z } from 'zod';
import { stationListQueryOptions, stationQueryOptions } from '../features/stations/queries';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from '../features/stations/search';
import { parseRouterSearch, stringifyRouterSearch } from '../lib/query-string';
import { AppLayout } from './layout/app-shell';
import { NotFoundPage, RouteError, RoutePending } from './layout/route-states';

export type TRouterContext = { queryClient: QueryClient };

/**
 * Starts loading a query while the route's code downloads, without holding up navigation.
 * Cached data is used as it is (spec §9: no refetch on mount); the screen shows loading and error states.
 */
function prefetch(loading: Promise<unknown>): void {
  loading.catch(() => {
    // The screen's own query reports the error.
  });
}

const rootRoute = createRootRouteWithContext<TRouterContext>()({
  notFoundComponent: () => (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  ),
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/stations', replace: true });
  },
});

const ZLoginSearch = z.object({
  redirect_url: z.string().max(2000).optional().catch(undefined),
  logout: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === true || value === 'true' || value === '1',
    )
    .catch(undefined),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: ZLoginSearch,
}).lazy(() => import('../routes/login.lazy').then((module) => module.Route));

/** Every page with the header and navigation. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: AppLayout,
  notFoundComponent: NotFoundPage,
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

const stationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'stations/$slug',
  loader: ({ context, params }) =>
    prefetch(context.queryClient.ensureQueryData(stationQueryOptions(params.slug))),
}).lazy(() => import('../routes/stations/station/layout.lazy').then((module) => module.Route));

const stationOverviewRoute = createRoute({ getParentRoute: () => stationRoute, path: '/' }).lazy(() =>
  import('../routes/stations/station/overview.lazy').then((module) => module.Route),
);
const stationSchematicRoute = createRoute({ getParentRoute: () => stationRoute, path: 'schematic' }).lazy(
  () => import('../routes/stations/station/schematic.lazy').then((module) => module.Route),
);
const stationAssetsRoute = createRoute({ getParentRoute: () => stationRoute, path: 'assets' }).lazy(() =>
  import('../routes/stations/station/assets.lazy').then((module) => module.Route),
);
const stationDispensersRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'assets/dispensers',
}).lazy(() => import('../routes/stations/station/dispensers.lazy').then((module) => module.Route));
const stationCongestionRoute = createRoute({ getParentRoute: () => stationRoute, path: 'congestion' }).lazy(
  () => import('../routes/stations/station/congestion.lazy').then((module) => module.Route),
);
const stationVehiclesRoute = createRoute({ getParentRoute: () => stationRoute, path: 'vehicles' }).lazy(() =>
  import('../routes/stations/station/vehicles.lazy').then((module) => module.Route),
);
const stationTransactionsRoute = createRoute({
  getParentRoute: () => stationRoute,
  path: 'transactions',
}).lazy(() => import('../routes/stations/station/transactions.lazy').then((module) => module.Route));
const stationMetricsRoute = createRoute({ getParentRoute: () => stationRoute, path: 'metrics' }).lazy(() =>
  import('../routes/stations/station/metrics.lazy').then((module) => module.Route),
);

const incidentsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'incidents' }).lazy(() =>
  import('../routes/incidents.lazy').then((module) => module.Route),
);
const vehiclesRoute = createRoute({ getParentRoute: () => shellRoute, path: 'vehicles' }).lazy(() =>
  import('../routes/vehicles.lazy').then((module) => module.Route),
);

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  shellRoute.addChildren([
    stationListRoute,
    stationRoute.addChildren([
      stationOverviewRoute,
      stationSchematicRoute,
      stationAssetsRoute,
      stationDispensersRoute,
      stationCongestionRoute,
      stationVehiclesRoute,
      stationTransactionsRoute,
      stationMetricsRoute,
    ]),
    incidentsRoute,
    vehiclesRoute,
  ]),
]);

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
}) {
  return createRouter({
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
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
