import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { createAppRouter } from '../app/router';
import { parseRouterSearch, stringifyRouterSearch } from '../lib/query-string';

type TScreenRoute<TSearch> = { params: Record<string, string>; search: TSearch };

/** A page of the app's router: the `Route` exported by a `.lazy.tsx` file under `src/routes`. */
type TAppPage = { options: { id: string; component?: RouteComponent } };

/** The app's pages hang under a pathless `shell` route: their ids start with it, their paths not. */
const SHELL_ID = 'shell';
const pathOf = (page: TAppPage) => page.options.id.replace(`/${SHELL_ID}`, '') || '/';

type TScreenOptions<TSearch> = {
  validateSearch?: { parse(input: unknown): TSearch };
  /**
   * A page of the app whose layout route wraps the screen (e.g. the station layout for
   * `/stations/$slug/*`), drawn around it as in the app: its header, its navigation, its
   * not-found and error states.
   */
  layout?: TAppPage;
} & (
  | {
      /** The route's path, e.g. `/stations/$slug/reviews`. */
      pattern: string;
      screen: (route: TScreenRoute<TSearch>) => ReactNode;
      page?: undefined;
    }
  | {
      /**
       * The app's page itself, for a screen written in its route file: its hooks
       * (`Route.useSearch()`, `Route.useParams()`) find their route because the test router
       * gives it the app's id and path.
       */
      page: TAppPage;
      pattern?: undefined;
      screen?: undefined;
    }
);

/** A root route and the app's pathless shell route under it, without its header, menu or session check. */
function shellOnly() {
  const rootRoute = createRootRoute({ component: Outlet });
  const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: SHELL_ID, component: Outlet });
  return { rootRoute, shellRoute };
}

function mount(path: string, routeTree: AnyRoute) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch: parseRouterSearch,
    stringifySearch: stringifyRouterSearch,
  });
  // No pause between keystrokes: typing a form field is one step, not one timer per character.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router as never} />
    </AppProviders>,
  );
  // Typed as the app's router, so tests navigate with the app's paths as with `renderApp`.
  return { ...view, router: router as unknown as ReturnType<typeof createAppRouter>, queryClient, user };
}

/**
 * Renders one screen at `path` — not the app shell, not the other routes — with what a screen
 * needs: Mantine and TanStack Query (`AppProviders`), and a router holding one route, `pattern`
 * (e.g. `/stations/$slug/reviews`), that validates the search like the app's route does. The
 * screen gets the route's params and search, so navigating to another page or filter re-renders
 * it as in the app. Pass `page` instead of `pattern` and `screen` for a screen written in an app
 * route file, and `layout` for a parent layout route. Use `renderApp` for tests about the shell,
 * sign-in or moving between pages. Stub `fetch` and sign in first.
 */
export function renderScreen<TSearch = Record<string, unknown>>(
  path: string,
  { validateSearch, layout, ...target }: TScreenOptions<TSearch>,
) {
  const { rootRoute, shellRoute } = shellOnly();
  const layoutRoute = layout
    ? createRoute({
        getParentRoute: () => shellRoute,
        path: pathOf(layout),
        component: layout.options.component ?? Outlet,
      })
    : undefined;
  const fullPath = target.page ? pathOf(target.page) : target.pattern;
  const ownPath = layout ? fullPath.slice(pathOf(layout).length) || '/' : fullPath;
  const renderScreenOf = target.screen;
  const screenRoute = createRoute({
    getParentRoute: () => layoutRoute ?? shellRoute,
    path: ownPath,
    ...(validateSearch
      ? { validateSearch: (input: Record<string, unknown>) => validateSearch.parse(input) }
      : {}),
    component: target.page?.options.component
      ? target.page.options.component
      : function Screen() {
          const params = screenRoute.useParams() as Record<string, string>;
          const search = screenRoute.useSearch() as TSearch;
          return renderScreenOf ? renderScreenOf({ params, search }) : null;
        },
  });
  const routeTree = rootRoute.addChildren([
    layoutRoute
      ? shellRoute.addChildren([layoutRoute.addChildren([screenRoute])])
      : shellRoute.addChildren([screenRoute]),
  ]);
  return mount(path, routeTree);
}

/** One app page a test file renders: the page, its route's search validation, its layout route. */
export type TScreenPage = {
  page: TAppPage;
  validateSearch?: { parse(input: unknown): unknown };
  layout?: TAppPage;
  /** The route's search middlewares, e.g. `stripSearchParams` of its defaults, as the app's route has them. */
  search?: { middlewares: unknown[] };
};

/**
 * Renders the page of `pages` that answers `path` with a router holding only `pages` (each in its
 * `layout`, if any): for a test file about the screens of one feature, where a click may open
 * one from another. The router picks the page as the app's does (`/cards/activation-requests`
 * before `/cards/$id`); a path none of them answers renders the router's not-found.
 */
export function renderPageAt(path: string, pages: TScreenPage[]) {
  const { rootRoute, shellRoute } = shellOnly();
  const layouts = new Map<TAppPage, AnyRoute>();
  const children: AnyRoute[] = [];
  const routes = pages.map(({ page, validateSearch, layout, search }) => {
    // A page outside the shell (sign-in, signup, password reset) hangs from the root, as in the app.
    let parent: AnyRoute = page.options.id.startsWith(`/${SHELL_ID}/`) ? shellRoute : rootRoute;
    if (layout) {
      let layoutRoute = layouts.get(layout);
      if (!layoutRoute) {
        layoutRoute = createRoute({
          getParentRoute: () => shellRoute,
          path: pathOf(layout),
          component: layout.options.component ?? Outlet,
        });
        layouts.set(layout, layoutRoute);
      }
      parent = layoutRoute;
    }
    const route = createRoute({
      getParentRoute: () => parent,
      path: layout ? pathOf(page).slice(pathOf(layout).length) || '/' : pathOf(page),
      ...(validateSearch
        ? { validateSearch: (input: Record<string, unknown>) => validateSearch.parse(input) }
        : {}),
      ...(search ? { search: search as never } : {}),
      component: page.options.component ?? Outlet,
    });
    return { route, parent };
  });
  for (const { route, parent } of routes) if (parent === shellRoute) children.push(route);
  const outside = routes.filter((entry) => entry.parent === rootRoute).map((entry) => entry.route);
  for (const layoutRoute of layouts.values())
    children.push(
      layoutRoute.addChildren(
        routes.filter((entry) => entry.parent === layoutRoute).map((entry) => entry.route),
      ),
    );
  return mount(path, rootRoute.addChildren([...outside, shellRoute.addChildren(children)]));
}
