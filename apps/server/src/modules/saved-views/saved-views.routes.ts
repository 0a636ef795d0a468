import {
  ZApiError,
  ZHomePage,
  ZHomePageChoice,
  ZSavedView,
  ZSavedViewCreate,
  ZSavedViewParams,
  ZSavedViews,
  ZSavedViewsQuery,
  ZSavedViewUpdate,
  ZStationPinParams,
  ZStationPins,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { requireCaller } from '../../http/caller';
import { getHomePage, setHomePage } from './home-page.service';
import {
  changeSavedView,
  createSavedView,
  getSavedView,
  getSavedViews,
  presentSavedView,
  removeSavedView,
} from './saved-views.service';
import { getStationPins, pinStation, unpinStation } from './station-pins.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
/** Anyone signed in to an organisation keeps their own views, pins and home page. */
const own = { auth: 'user' } as const;

/**
 * The caller's own saved views, pinned stations and home page, in their organisation
 * (docs/API.md, "Saved views, pins and home page"). Another user's or organisation's id is 404.
 */
export function savedViewsRoutes(deps: { db: Db; now: () => number }): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/views',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: "The caller's saved views (of one list with `list`), by list then name",
          querystring: ZSavedViewsQuery,
          response: { 200: ZSavedViews, ...errors },
        },
      },
      (request) => getSavedViews(db, requireCaller(request), request.query.list),
    );

    app.get(
      '/api/views/:id',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'One of the caller’s saved views',
          params: ZSavedViewParams,
          response: { 200: ZSavedView, ...errors },
        },
      },
      async (request) => presentSavedView(await getSavedView(db, requireCaller(request), request.params.id)),
    );

    app.post(
      '/api/views',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: "Save a list's search parameters under a name (unique per list, 50 views at most)",
          body: ZSavedViewCreate,
          response: { 201: ZSavedView, ...errors },
        },
      },
      async (request, reply) => {
        const view = await createSavedView(db, requireCaller(request), request.body, now());
        return reply.code(201).send(view);
      },
    );

    app.patch(
      '/api/views/:id',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Rename a saved view or replace its search parameters',
          params: ZSavedViewParams,
          body: ZSavedViewUpdate,
          response: { 200: ZSavedView, ...errors },
        },
      },
      (request) => changeSavedView(db, requireCaller(request), request.params.id, request.body, now()),
    );

    app.delete(
      '/api/views/:id',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Delete a saved view (a home page chosen on it goes back to the role’s)',
          params: ZSavedViewParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeSavedView(db, requireCaller(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/station-pins',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: "The caller's pinned stations they still see, oldest pin first",
          response: { 200: ZStationPins, ...errors },
        },
      },
      (request) => getStationPins(db, requireCaller(request)),
    );

    app.put(
      '/api/station-pins/:slug',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Pin a station (again: no change); answers the pins',
          params: ZStationPinParams,
          response: { 200: ZStationPins, ...errors },
        },
      },
      (request) => pinStation(db, requireCaller(request), request.params.slug, now()),
    );

    app.delete(
      '/api/station-pins/:slug',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Unpin a station; answers the pins',
          params: ZStationPinParams,
          response: { 200: ZStationPins, ...errors },
        },
      },
      (request) => unpinStation(db, requireCaller(request), request.params.slug),
    );

    app.get(
      '/api/home',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Where the caller lands after signing in: their choice, else the rule of their role',
          response: { 200: ZHomePage, ...errors },
        },
      },
      (request) => getHomePage(db, requireCaller(request)),
    );

    app.put(
      '/api/home',
      {
        config: own,
        schema: {
          tags: ['views'],
          summary: 'Choose the home page (`auto`: by role)',
          body: ZHomePageChoice,
          response: { 200: ZHomePage, ...errors },
        },
      },
      (request) => setHomePage(db, requireCaller(request), request.body, now()),
    );
  };
}
