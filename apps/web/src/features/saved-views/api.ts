import {
  type THomePage,
  type THomePageChoice,
  type TSavedView,
  type TSavedViewCreate,
  type TSavedViews,
  type TSavedViewUpdate,
  ZHomePage,
  ZSavedView,
  ZSavedViews,
} from '@forecourt/contracts';
import { http } from '../../lib/http';

/** GET /api/views: the caller's saved views, by list then name. */
export function fetchSavedViews(signal?: AbortSignal): Promise<TSavedViews> {
  return http.get('/api/views', { signal, schema: ZSavedViews });
}

export function createSavedView(body: TSavedViewCreate): Promise<TSavedView> {
  return http.post('/api/views', { body, schema: ZSavedView });
}

export function updateSavedView(id: number, body: TSavedViewUpdate): Promise<TSavedView> {
  return http.patch(`/api/views/${id}`, { body, schema: ZSavedView });
}

export function deleteSavedView(id: number): Promise<void> {
  return http.delete(`/api/views/${id}`);
}

/** GET /api/home: where the caller lands, and what they chose. */
export function fetchHomePage(signal?: AbortSignal): Promise<THomePage> {
  return http.get('/api/home', { signal, schema: ZHomePage });
}

export function saveHomePage(choice: THomePageChoice): Promise<THomePage> {
  return http.put('/api/home', { body: choice, schema: ZHomePage });
}
