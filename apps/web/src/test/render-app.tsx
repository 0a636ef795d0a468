import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';

/** Renders the whole app (real router, real QueryClient) at `path`. Stub `fetch` first. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  // No pause between keystrokes: typing a form field is one step, not one timer per character.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
