import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformConfigKey } from '../inbox';
import {
  addTopicSubscribers,
  createIntegration,
  createTopic,
  createWorkflow,
  createWorkflowFromTemplate,
  deleteIntegration,
  fetchActivity,
  fetchActivityDetail,
  fetchEnvironment,
  fetchIntegrations,
  fetchSubscriberPreferences,
  fetchSubscribers,
  fetchTopic,
  fetchTopics,
  fetchWorkflow,
  fetchWorkflows,
  fetchWorkflowTemplates,
  removeTopicSubscribers,
  rotateSecretKey,
  searchSubscribers,
  type TWorkflowSave,
  testIntegration,
  updateIntegration,
  updateWorkflow,
} from './api';

export const notifyKeys = {
  all: ['notify-admin'] as const,
  workflows: () => [...notifyKeys.all, 'workflows'] as const,
  workflowList: (page: number, query: string) => [...notifyKeys.workflows(), 'list', page, query] as const,
  workflow: (id: string) => [...notifyKeys.workflows(), 'one', id] as const,
  integrations: () => [...notifyKeys.all, 'integrations'] as const,
  subscribers: () => [...notifyKeys.all, 'subscribers'] as const,
  topics: () => [...notifyKeys.all, 'topics'] as const,
  activity: () => [...notifyKeys.all, 'activity'] as const,
  environment: () => [...notifyKeys.all, 'environment'] as const,
};

export function useWorkflows(page: number, query: string) {
  return useQuery({
    queryKey: notifyKeys.workflowList(page, query),
    queryFn: ({ signal }) => fetchWorkflows(page, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWorkflowTemplates() {
  return useQuery({
    queryKey: [...notifyKeys.all, 'workflow-templates'] as const,
    queryFn: ({ signal }) => fetchWorkflowTemplates(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => createWorkflowFromTemplate(templateId, {}),
    onSuccess: (saved) => {
      queryClient.setQueryData(notifyKeys.workflow(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: notifyKeys.workflows() });
    },
  });
}

export function useWorkflow(id: string | null) {
  return useQuery({
    queryKey: notifyKeys.workflow(id ?? ''),
    queryFn: ({ signal }) => fetchWorkflow(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useSaveWorkflow(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWorkflowSave) => {
      if (id === null) return createWorkflow(body);
      const { triggerIdentifier: _ignored, ...change } = body;
      return updateWorkflow(id, change);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(notifyKeys.workflow(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: notifyKeys.workflows() });
    },
  });
}

export function useIntegrations() {
  return useQuery({
    queryKey: notifyKeys.integrations(),
    queryFn: ({ signal }) => fetchIntegrations(signal),
  });
}

function useInvalidating<A, R>(fn: (args: A) => Promise<R>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateIntegration = () => useInvalidating(createIntegration, notifyKeys.integrations());
export const useUpdateIntegration = () =>
  useInvalidating(
    ({ id, body }: { id: string; body: Parameters<typeof updateIntegration>[1] }) =>
      updateIntegration(id, body),
    notifyKeys.integrations(),
  );
export const useDeleteIntegration = () => useInvalidating(deleteIntegration, notifyKeys.integrations());
/** A test send; the integrations reload after it (their last delivery changed). */
export const useTestIntegration = () =>
  useInvalidating(
    ({ id, body }: { id: string; body: Parameters<typeof testIntegration>[1] }) => testIntegration(id, body),
    notifyKeys.integrations(),
  );

export function useSubscribers(page: number, query: string) {
  return useQuery({
    queryKey: [...notifyKeys.subscribers(), page, query],
    queryFn: async ({ signal }) => {
      if (!query) return fetchSubscribers(page, signal);
      const data = await searchSubscribers(query, signal);
      return { data, page: 0, pageSize: data.length, hasMore: false, totalCount: data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useSubscriberPreferences(subscriberId: string | null) {
  return useQuery({
    queryKey: [...notifyKeys.subscribers(), 'preferences', subscriberId],
    queryFn: ({ signal }) => fetchSubscriberPreferences(subscriberId ?? '', signal),
    enabled: subscriberId !== null,
  });
}

export function useTopics(page: number) {
  return useQuery({
    queryKey: [...notifyKeys.topics(), 'list', page],
    queryFn: ({ signal }) => fetchTopics(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTopic(key: string | null) {
  return useQuery({
    queryKey: [...notifyKeys.topics(), 'one', key],
    queryFn: ({ signal }) => fetchTopic(key ?? '', signal),
    enabled: key !== null,
  });
}

export const useCreateTopic = () => useInvalidating(createTopic, notifyKeys.topics());
export const useAddTopicSubscribers = () =>
  useInvalidating(
    ({ key, subscribers }: { key: string; subscribers: string[] }) => addTopicSubscribers(key, subscribers),
    notifyKeys.topics(),
  );
export const useRemoveTopicSubscribers = () =>
  useInvalidating(
    ({ key, subscribers }: { key: string; subscribers: string[] }) =>
      removeTopicSubscribers(key, subscribers),
    notifyKeys.topics(),
  );

export function useActivity(cursor: string | undefined) {
  return useQuery({
    queryKey: [...notifyKeys.activity(), 'list', cursor ?? ''],
    queryFn: ({ signal }) => fetchActivity(cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivityDetail(id: string | null) {
  return useQuery({
    queryKey: [...notifyKeys.activity(), 'one', id],
    queryFn: ({ signal }) => fetchActivityDetail(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useEnvironment() {
  return useQuery({ queryKey: notifyKeys.environment(), queryFn: ({ signal }) => fetchEnvironment(signal) });
}

export function useRotateSecretKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecretKey,
    onSuccess: ({ secretKey: _shownOnce, ...environment }) => {
      queryClient.setQueryData(notifyKeys.environment(), environment);
      // The signed-in user's inbox hash is made with the key: the header bell needs the new one.
      void queryClient.invalidateQueries({ queryKey: platformConfigKey });
    },
  });
}
