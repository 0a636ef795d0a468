import { useRouterState } from '@tanstack/react-router';
import { NavLinkItem } from '../../components/links';
import { useGrants } from '../../features/auth/session';
import classes from './app-navbar.module.css';
import { MAIN_SECTIONS } from './navigation';

const ICON_SIZE = 18;

/**
 * The main menu. The current page is highlighted and marked `aria-current`; with a station open,
 * "Stations" stays highlighted and the station's own sections are a strip on its pages.
 */
export function AppNavbar() {
  const grants = useGrants();
  const inStation = useRouterState({ select: (state) => state.location.pathname.startsWith('/stations/') });

  return (
    <div className={classes.scroller}>
      <ul className={classes.list}>
        {MAIN_SECTIONS.filter(({ grant }) => grants.has(grant)).map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLinkItem
              to={to}
              label={label}
              leftSection={<Icon size={ICON_SIZE} stroke={1.6} aria-hidden />}
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{ active: true }}
              // A station's pages are within "Stations": highlighted, but not marked as the page.
              active={to === '/stations' && inStation ? true : undefined}
              className={classes.link}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
