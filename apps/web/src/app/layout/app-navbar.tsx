import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMatchRoute } from '@tanstack/react-router';
import { NavLinkItem } from '../../components/links';
import { useGrants } from '../../features/auth/session';
import { stationQueryOptions } from '../../features/stations/queries';
import classes from './app-navbar.module.css';
import { MAIN_SECTIONS, STATION_SECTIONS } from './navigation';

const ICON_SIZE = 18;

/** Sub-pages of the open station, nested under "Stations". */
function StationNavigation({ slug }: { slug: string }) {
  const station = useQuery(stationQueryOptions(slug));
  const grants = useGrants();
  const name = station.data?.name ?? slug;
  return (
    <Box className={classes.station}>
      <Text
        size="xs"
        fw={700}
        c="dimmed"
        tt="uppercase"
        px="sm"
        py={6}
        truncate
        title={name}
        id="nav-station"
      >
        {name}
      </Text>
      <ul className={classes.list} aria-labelledby="nav-station">
        {STATION_SECTIONS.filter(({ grant }) => grants.has(grant)).map(({ label, to, icon: Icon, level }) => (
          <li key={to} className={level > 0 ? classes.nested : undefined}>
            <NavLinkItem
              to={to}
              params={{ slug }}
              label={label}
              leftSection={<Icon size={ICON_SIZE - 2} stroke={1.6} aria-hidden />}
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{ active: true }}
              className={classes.link}
            />
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** The sidebar tree of spec §2; the current page is highlighted and marked `aria-current`. */
export function AppNavbar() {
  const matchRoute = useMatchRoute();
  const stationMatch = matchRoute({ to: '/stations/$slug', fuzzy: true });
  const slug = stationMatch ? stationMatch.slug : undefined;
  const grants = useGrants();

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
              className={classes.link}
            />
            {to === '/stations' && slug && <StationNavigation slug={slug} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
