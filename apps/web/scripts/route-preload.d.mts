import type { Plugin } from 'vite';

/** Address patterns (regular expression source) and the lazy route modules they show. */
export type TRoutePreload = { path: string; modules: string[] };

export function routePreload(routes: TRoutePreload[]): Plugin;
