import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
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

/**
 * Renders one screen at `path` — not the app shell, not the other routes — with what a screen
 * needs: Mantine and TanStack Query (`AppProviders`), and a router holding one route, `pattern`
 * (e.g. `/stations/$slug/reviews`), that validates the search like the app's route does. The
 * screen gets the route's params and search, so navigating to another page or filter re-renders
 * it as in the app. Use `renderApp` for tests about the shell, sign-in or moving between pages.
 * Stub `fetch` and sign in first.
 */
export function renderScreen<TSearch = Record<string, unknown>>(
  path: string,
  {
    pattern,
    validateSearch,
    screen,
  }: {
    pattern: string;
    validateSearch?: { parse(input: unknown): TSearch };
    screen: (route: TScreenRoute<TSearch>) => ReactNode;
  },
) {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({ component: Outlet });
  const screenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: pattern,
    ...(validateSearch
      ? { validateSearch: (input: Record<string, unknown>) => validateSearch.parse(input) }
      : {}),
    component: function Screen() {
      const params = screenRoute.useParams() as Record<string, string>;
      const search = screenRoute.useSearch() as TSearch;
      return screen({ params, search });
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
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
