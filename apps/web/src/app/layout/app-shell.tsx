import { AppShell, Box, Burger, Container, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { AnchorLink } from '../../components/links';
import { Logo } from '../../components/logo';
import { RealtimeConnection } from '../../features/realtime/realtime-connection';
import { readCredentials } from '../../lib/credentials';
import { onStoredChange, STORAGE_KEYS } from '../../lib/storage';
import { AppNavbar } from './app-navbar';
import classes from './app-shell.module.css';
import { VerifyEmailBanner } from './verify-email-banner';

/**
 * The header menus load right after the first paint: their dropdowns (popover, positioning, focus
 * trap) are the largest part of the shell and nobody opens them in the first moment. Until then
 * two inert boxes of the same size hold their place, so nothing moves.
 */
const HeaderMenus = lazy(() => import('./header-menus'));

function HeaderMenusPlaceholder() {
  return (
    <>
      <Box w={34} h={34} aria-hidden />
      <Box w={36} h={36} aria-hidden />
    </>
  );
}

/** Signing out in another tab signs this one out too, without waiting for its next request. */
function useSignOutElsewhere() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onStoredChange(STORAGE_KEYS.credentials, () => {
        if (!readCredentials()) void navigate({ to: '/login', search: { logout: true } });
      }),
    [navigate],
  );
}

/**
 * Header (brand, theme control) + navigation sidebar + main area. Below the `sm` breakpoint the
 * sidebar folds behind a burger and closes again after each navigation.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useSignOutElsewhere();
  const openedRef = useRef(opened);
  openedRef.current = opened;
  // A page change closes the mobile navigation; focus moves to the page instead of staying on a
  // link that is no longer visible.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    if (!openedRef.current) return;
    close();
    document.getElementById('main')?.focus();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <RealtimeConnection />
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <AnchorLink to="/stations" underline="never" c="inherit" className={classes.brand}>
              <Logo />
              <Text component="span" fw={700} size="lg">
                Forecourt
              </Text>
              <VisuallyHidden>, station list</VisuallyHidden>
            </AnchorLink>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Suspense fallback={<HeaderMenusPlaceholder />}>
              <HeaderMenus />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="app-navbar" aria-label="Main">
        <AppNavbar />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" px={0}>
          <VerifyEmailBanner />
          {children ?? <Outlet />}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
