import './app/styles';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { applyBodyTheme, readThemePreference, resolveScheme } from './app/theme/color-scheme';

// Set the theme before the first render so the page never flashes the other scheme.
applyBodyTheme(resolveScheme(readThemePreference()));

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
// The router starts on its own only after React's first render of the shell (in a layout effect).
// Preloading the address now starts the session check, the route's code and its loader's data
// while that render runs; the router's own load then finds them under way (or done).
const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
// `href` (the address as typed) takes the place of `to`, which the types require.
void router.preloadRoute({ to: '/', href: here });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
