import type { TSavedViewUpdate } from '@forecourt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSavedView,
  deleteSavedView,
  fetchHomePage,
  fetchSavedViews,
  saveHomePage,
  updateSavedView,
} from './api';

export const savedViewKeys = {
  all: ['saved-views'] as const,
  home: ['home-page'] as const,
};

/** Every view of the caller (a few dozen at most): one request serves every list's menu. */
export function useSavedViews() {
  return useQuery({ queryKey: savedViewKeys.all, queryFn: ({ signal }) => fetchSavedViews(signal) });
}

export function homePageQueryOptions() {
  return queryOptions({ queryKey: savedViewKeys.home, queryFn: ({ signal }) => fetchHomePage(signal) });
}

export function useHomePage() {
  return useQuery(homePageQueryOptions());
}

/** Save, rename and delete views; the views (and the home page, which may name one) refresh after each. */
export function useSavedViewActions() {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: savedViewKeys.all });
    void client.invalidateQueries({ queryKey: savedViewKeys.home });
  };
  return {
    create: useMutation({ mutationFn: createSavedView, onSuccess: settle }),
    rename: useMutation({
      mutationFn: ({ id, ...body }: { id: number } & TSavedViewUpdate) => updateSavedView(id, body),
      onSuccess: settle,
    }),
    remove: useMutation({ mutationFn: deleteSavedView, onSuccess: settle }),
  };
}

export function useSaveHomePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveHomePage,
    onSuccess: (home) => client.setQueryData(savedViewKeys.home, home),
  });
}
