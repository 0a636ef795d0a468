import type {
  TIntegration,
  TIntegrationTestRequest,
  TIntegrationTestResult,
  TNotifyChannel,
  TSeverity,
  TStepType,
  TWorkflowCreate,
  TWorkflowStep,
  TWorkflowStepInput,
} from '@forecourt/contracts';
import { http, request } from '../../lib/http';

/**
 * The notification platform's admin API for signed-in admins (docs/API.md "Notification
 * platform"): every Novu-shaped operation under `/api/platform/notifications`, plus the admin
 * screens' own reads (preview, activity, subscriber search and preferences).
 */
const BASE = '/api/platform/notifications';

export type TWorkflowItem = {
  _id: string;
  name: string;
  description: string;
  active: boolean;
  critical: boolean;
  /** Inbox severity of its messages (absent from servers before issue 14). */
  severity?: TSeverity;
  tags: string[];
  steps: (TWorkflowStep & { _id: string })[];
  triggers: { identifier: string; variables: { name: string }[] }[];
  updatedAt: string;
};
export type TWorkflowPage = { data: TWorkflowItem[]; totalCount: number; page: number; pageSize: number };

export const fetchWorkflows = (page: number, query: string, signal?: AbortSignal) =>
  http.get<TWorkflowPage>(`${BASE}/workflows`, {
    query: { page, limit: 20, ...(query ? { query } : {}) },
    signal,
  });

export const fetchWorkflow = async (id: string, signal?: AbortSignal) =>
  (await http.get<{ data: TWorkflowItem }>(`${BASE}/workflows/${encodeURIComponent(id)}`, { signal })).data;

export type TWorkflowSave = Omit<TWorkflowCreate, 'steps'> & { steps: TWorkflowStepInput[] };

export const createWorkflow = async (body: TWorkflowSave) =>
  (await http.post<{ data: TWorkflowItem }>(`${BASE}/workflows`, { body })).data;

export const updateWorkflow = async (id: string, body: Omit<TWorkflowSave, 'triggerIdentifier'>) =>
  (await http.put<{ data: TWorkflowItem }>(`${BASE}/workflows/${encodeURIComponent(id)}`, { body })).data;

export type TPreviewStep = {
  index: number;
  id: string | null;
  type: TStepType;
  rendered: boolean;
  content: string;
  subject?: string;
  cta?: { url: string; buttons: { type: string; content: string; url?: string }[] };
};

export const previewWorkflow = async (
  body: { steps: TWorkflowStepInput[]; payload: Record<string, unknown> },
  signal?: AbortSignal,
) =>
  (await http.post<{ data: { steps: TPreviewStep[] } }>(`${BASE}/workflows/preview`, { body, signal })).data;

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
  request<unknown>(`${BASE}/integrations/${id}`, { method: 'DELETE' });

export const testIntegration = async (id: string, body: TIntegrationTestRequest) =>
  (await http.post<{ data: TIntegrationTestResult }>(`${BASE}/integrations/${id}/test`, { body })).data;

// ─── subscribers and topics ─────────────────────────────────────────────────────────────────

export type TSubscriber = {
  _id: string;
  subscriberId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  locale: string | null;
  data: Record<string, unknown>;
  channels: unknown[];
  isOnline: boolean;
  lastOnlineAt: string | null;
  createdAt: string;
};
export type TSubscriberPage = {
  data: TSubscriber[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  totalCount: number;
};

export const SUBSCRIBER_PAGE_SIZE = 20;

export const fetchSubscribers = (page: number, signal?: AbortSignal) =>
  http.get<TSubscriberPage>(`${BASE}/subscribers`, { query: { page, limit: SUBSCRIBER_PAGE_SIZE }, signal });

export const searchSubscribers = async (q: string, signal?: AbortSignal) =>
  (await http.get<{ data: TSubscriber[] }>(`${BASE}/subscriber-search`, { query: { q, limit: 50 }, signal }))
    .data;

export type TPreferences = {
  global: { enabled: boolean; channels: Partial<Record<TNotifyChannel, boolean>> } | null;
  workflows: {
    template: { _id: string; name: string; critical: boolean };
    preference: { enabled: boolean; channels: Partial<Record<TNotifyChannel, boolean>> };
  }[];
};

export const fetchSubscriberPreferences = async (subscriberId: string, signal?: AbortSignal) =>
  (
    await http.get<{ data: TPreferences }>(
      `${BASE}/subscribers/${encodeURIComponent(subscriberId)}/preferences`,
      { signal },
    )
  ).data;

export type TTopic = { _id: string; key: string; name: string; subscribers: string[] };

export const fetchTopics = (page: number, signal?: AbortSignal) =>
  http.get<{ data: TTopic[]; totalCount: number; page: number; pageSize: number }>(`${BASE}/topics`, {
    query: { page, pageSize: 20 },
    signal,
  });

export const fetchTopic = async (key: string, signal?: AbortSignal) =>
  (await http.get<{ data: TTopic }>(`${BASE}/topics/${encodeURIComponent(key)}`, { signal })).data;

export const createTopic = (body: { key: string; name?: string }) =>
  http.post<unknown>(`${BASE}/topics`, { body });

export const addTopicSubscribers = async (key: string, subscribers: string[]) =>
  (
    await http.post<{ data: { succeeded: string[]; failed?: { notFound: string[] } } }>(
      `${BASE}/topics/${encodeURIComponent(key)}/subscribers`,
      { body: { subscribers } },
    )
  ).data;

export const removeTopicSubscribers = (key: string, subscribers: string[]) =>
  http.post<unknown>(`${BASE}/topics/${encodeURIComponent(key)}/subscribers/removal`, {
    body: { subscribers },
  });

// ─── activity ───────────────────────────────────────────────────────────────────────────────

export type TActivityItem = {
  _id: string;
  transactionId: string;
  triggerIdentifier: string;
  status: string;
  notifications: number;
  jobs: Record<string, number>;
  errors: number;
  createdAt: string;
  canceledAt: string | null;
};
export type TActivityPage = { data: TActivityItem[]; hasMore: boolean; nextCursor?: string };

export const fetchActivity = (cursor: string | undefined, signal?: AbortSignal) =>
  http.get<TActivityPage>(`${BASE}/activity`, {
    query: { limit: 20, ...(cursor ? { cursor } : {}) },
    signal,
  });

export type TExecutionDetail = {
  _id: string;
  _jobId: string | null;
  subscriberId: string | null;
  channel: string | null;
  code: number;
  group: 'error' | 'success' | 'info';
  detail: string;
  status: string;
  source: string;
  raw: string | null;
  createdAt: string;
};
export type TActivityJob = {
  _id: string;
  subscriberId: string | null;
  stepId: string;
  stepIndex: number;
  type: string;
  status: string;
  error: string | null;
  runAt: string | null;
  digestKey: string | null;
  updatedAt: string;
};
export type TActivityDetail = {
  _id: string;
  transactionId: string;
  triggerIdentifier: string;
  workflowName: string | null;
  status: string;
  payload: unknown;
  recipients: unknown;
  createdAt: string;
  canceledAt: string | null;
  jobs: TActivityJob[];
  jobsTruncated: boolean;
  executionDetails: TExecutionDetail[];
  executionDetailsTruncated: boolean;
};

export const fetchActivityDetail = async (id: string, signal?: AbortSignal) =>
  (await http.get<{ data: TActivityDetail }>(`${BASE}/activity/${id}`, { signal })).data;

// ─── keys ───────────────────────────────────────────────────────────────────────────────────

export type TEnvironment = {
  _id: string;
  name: string;
  applicationIdentifier: string;
  secretKeyHint: string;
  hmacRequired: boolean;
  rotatedAt: string | null;
};

export const fetchEnvironment = (signal?: AbortSignal) =>
  http.get<TEnvironment>(`${BASE}/environment`, { signal });

export const rotateSecretKey = () =>
  http.post<TEnvironment & { secretKey: string }>(`${BASE}/environment/rotate`);
