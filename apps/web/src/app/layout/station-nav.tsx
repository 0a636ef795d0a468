import { createLink, useRouterState } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useGrants } from '../../features/auth/session';
import { STATION_SECTIONS } from './navigation';
import classes from './station-nav.module.css';

const ICON_SIZE = 16;

const PlainAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <a ref={ref} {...props} />
));
PlainAnchor.displayName = 'PlainAnchor';
const SectionLink = createLink(PlainAnchor);

/** `/stations/a/b/` and `/stations/a/b` are the same page. */
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Arrow keys, Home and End move between the sections (one Tab stop for the whole strip). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  const next =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? (index + 1) % links.length
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? (index - 1 + links.length) % links.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? links.length - 1
            : -1;
  if (next < 0) return;
  event.preventDefault();
  links[next]?.focus();
}

/**
 * The open station's sections (overview, transactions, …) as a strip of links under its header,
 * so the main menu keeps its place in the sidebar. The strip is a single Tab stop, the current
 * section; arrow keys move along it. On narrow screens it scrolls sideways and keeps the current
 * section in view.
 */
export function StationNav({ slug, stationName }: { slug: string; stationName: string }) {
  const grants = useGrants();
  const pathname = useRouterState({ select: (state) => trimSlash(state.location.pathname) });
  const listRef = useRef<HTMLUListElement>(null);
  const sections = STATION_SECTIONS.filter(({ grant }) => grants.has(grant)).map((section) => ({
    ...section,
    path: section.to.replace('$slug', encodeURIComponent(slug)),
  }));
  const current = sections.findIndex((section) => section.path === pathname);
  const tabStop = current < 0 ? 0 : current;

  // The current section scrolls into view in a strip that overflows (not the page itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useLayoutEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav aria-label={`${stationName} sections`} className={classes.nav} data-testid="station-nav">
      <ul ref={listRef} className={classes.list} onKeyDown={moveFocus}>
        {sections.map(({ label, to, icon: Icon, path }, index) => (
          <li key={to}>
            <SectionLink
              to={to}
              params={{ slug }}
              className={classes.link}
              tabIndex={index === tabStop ? 0 : -1}
              aria-current={path === pathname ? 'page' : undefined}
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{}}
            >
              <Icon size={ICON_SIZE} stroke={1.6} aria-hidden />
              {label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
