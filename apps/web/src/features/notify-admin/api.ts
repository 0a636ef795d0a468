import type {
  TActivityDetail,
  TActivityFeed,
  TIntegration,
  TIntegrationTestRequest,
  TIntegrationTestResult,
  TNotifyChannel,
  TNotifyEnvironment,
  TNotifySubscriber,
  TNotifySubscriberPaginated,
  TRotatedNotifyEnvironment,
  TSubscriberPreferences,
  TTopic,
  TTopicCreated,
  TTopicPaginated,
  TTopicSubscribersAdded,
  TWorkflowCreate,
  TWorkflowEntity,
  TWorkflowFromTemplate,
  TWorkflowPaginated,
  TWorkflowPreview,
  TWorkflowStepInput,
  TWorkflowTemplate,
} from '@forecourt/contracts';
import { http, request } from '../../lib/http';

/**
 * The notification platform's admin API for signed-in admins (docs/API.md "Notification
 * platform"): every Novu-shaped operation under `/api/platform/notifications`, plus the admin
 * screens' own reads (preview, activity, subscriber search and preferences). The answers' types
 * are the server's contracts (packages/contracts, `notify/admin.ts`).
 */
const BASE = '/api/platform/notifications';

export const fetchWorkflows = (page: number, query: string, signal?: AbortSignal) =>
  http.get<TWorkflowPaginated>(`${BASE}/workflows`, {
    query: { page, limit: 20, ...(query ? { query } : {}) },
    signal,
  });

export const fetchWorkflow = async (id: string, signal?: AbortSignal) =>
  (await http.get<{ data: TWorkflowEntity }>(`${BASE}/workflows/${encodeURIComponent(id)}`, { signal })).data;

export type TWorkflowSave = Omit<TWorkflowCreate, 'steps'> & { steps: TWorkflowStepInput[] };

export const createWorkflow = async (body: TWorkflowSave) =>
  (await http.post<{ data: TWorkflowEntity }>(`${BASE}/workflows`, { body })).data;

export const updateWorkflow = async (id: string, body: Omit<TWorkflowSave, 'triggerIdentifier'>) =>
  (await http.put<{ data: TWorkflowEntity }>(`${BASE}/workflows/${encodeURIComponent(id)}`, { body })).data;

/** The template store (404 FEATURE_DISABLED when the server turned it off). */
export const fetchWorkflowTemplates = async (signal?: AbortSignal) =>
  (await http.get<{ data: TWorkflowTemplate[] }>(`${BASE}/workflow-templates`, { signal })).data;

export const createWorkflowFromTemplate = async (templateId: string, body: TWorkflowFromTemplate) =>
  (
    await http.post<{ data: TWorkflowEntity }>(
      `${BASE}/workflow-templates/${encodeURIComponent(templateId)}/workflows`,
      { body },
    )
  ).data;

export const previewWorkflow = async (
  body: { steps: TWorkflowStepInput[]; payload: Record<string, unknown> },
  signal?: AbortSignal,
) => (await http.post<{ data: TWorkflowPreview }>(`${BASE}/workflows/preview`, { body, signal })).data;

// ─── integrations ───────────────────────────────────────────────────────────────────────────

export const fetchIntegrations = async (signal?: AbortSignal) =>
  (await http.get<{ data: TIntegration[] }>(`${BASE}/integrations`, { signal })).data;

export const createIntegration = async (body: {
  providerId: string;
  channel: TNotifyChannel;
  name?: string;
  credentials: Record<string, unknown>;
  active: boolean;
}) => (await http.post<{ data: TIntegration }>(`${BASE}/integrations`, { body })).data;

export const updateIntegration = async (
  id: string,
  body: { name?: string; credentials?: Record<string, unknown>; active?: boolean },
) => (await http.put<{ data: TIntegration }>(`${BASE}/integrations/${id}`, { body })).data;

export const deleteIntegration = (id: string) =>
  request<{ data: TIntegration[] }>(`${BASE}/integrations/${id}`, { method: 'DELETE' });

export const testIntegration = async (id: string, body: TIntegrationTestRequest) =>
  (await http.post<{ data: TIntegrationTestResult }>(`${BASE}/integrations/${id}/test`, { body })).data;

// ─── subscribers and topics ─────────────────────────────────────────────────────────────────

export const SUBSCRIBER_PAGE_SIZE = 20;

export const fetchSubscribers = (page: number, signal?: AbortSignal) =>
  http.get<TNotifySubscriberPaginated>(`${BASE}/subscribers`, {
    query: { page, limit: SUBSCRIBER_PAGE_SIZE },
    signal,
  });

export const searchSubscribers = async (q: string, signal?: AbortSignal) =>
  (
    await http.get<{ data: TNotifySubscriber[] }>(`${BASE}/subscriber-search`, {
      query: { q, limit: 50 },
      signal,
    })
  ).data;

export const fetchSubscriberPreferences = async (subscriberId: string, signal?: AbortSignal) =>
  (
    await http.get<{ data: TSubscriberPreferences }>(
      `${BASE}/subscribers/${encodeURIComponent(subscriberId)}/preferences`,
      { signal },
    )
  ).data;

export const fetchTopics = (page: number, signal?: AbortSignal) =>
  http.get<TTopicPaginated>(`${BASE}/topics`, {
    query: { page, pageSize: 20 },
    signal,
  });

export const fetchTopic = async (key: string, signal?: AbortSignal) =>
  (await http.get<{ data: TTopic }>(`${BASE}/topics/${encodeURIComponent(key)}`, { signal })).data;

export const createTopic = (body: { key: string; name?: string }) =>
  http.post<{ data: TTopicCreated }>(`${BASE}/topics`, { body });

export const addTopicSubscribers = async (key: string, subscribers: string[]) =>
  (
    await http.post<{ data: TTopicSubscribersAdded }>(
      `${BASE}/topics/${encodeURIComponent(key)}/subscribers`,
      { body: { subscribers } },
    )
  ).data;

export const removeTopicSubscribers = (key: string, subscribers: string[]) =>
  http.post<unknown>(`${BASE}/topics/${encodeURIComponent(key)}/subscribers/removal`, {
    body: { subscribers },
  });

// ─── activity ───────────────────────────────────────────────────────────────────────────────

export const fetchActivity = (cursor: string | undefined, signal?: AbortSignal) =>
  http.get<TActivityFeed>(`${BASE}/activity`, {
    query: { limit: 20, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const fetchActivityDetail = async (id: string, signal?: AbortSignal) =>
  (await http.get<{ data: TActivityDetail }>(`${BASE}/activity/${id}`, { signal })).data;

// ─── keys ───────────────────────────────────────────────────────────────────────────────────

export const fetchEnvironment = (signal?: AbortSignal) =>
  http.get<TNotifyEnvironment>(`${BASE}/environment`, { signal });

export const rotateSecretKey = () => http.post<TRotatedNotifyEnvironment>(`${BASE}/environment/rotate`);
