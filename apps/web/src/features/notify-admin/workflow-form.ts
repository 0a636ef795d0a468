import type {
  TEmailBlock,
  TSeverity,
  TStepCondition,
  TStepFilter,
  TStepMetadata,
  TStepType,
  TWorkflowStepInput,
} from '@forecourt/contracts';
import type { TWorkflowItem, TWorkflowSave } from './api';

/**
 * The workflow editor's form: the workflow's fields and its ordered steps, each with a local key
 * (React) next to the step exactly as the API takes it (flat, never Novu's `template` nesting,
 * whose fields would win over the edited ones).
 */
export type TStepForm = {
  key: string;
  id?: string;
  name: string;
  type: TStepType;
  active: boolean;
  content: string;
  subject: string;
  ctaUrl: string;
  buttons: { type: 'primary' | 'secondary'; content: string; url: string }[];
  /** Email authored with blocks (text, button); null: the body is written as HTML. */
  blocks: TEmailBlock[] | null;
  feedIdentifier: string;
  actor: TWorkflowStepInput['actor'];
  filters: TStepFilter[];
  metadata: TStepMetadata;
  /** Email and SMS: try the channel's next integration when the primary fails permanently. */
  failover: boolean;
};

export type TWorkflowForm = {
  name: string;
  triggerIdentifier: string;
  description: string;
  active: boolean;
  critical: boolean;
  severity: TSeverity;
  tags: string;
  steps: TStepForm[];
};

let counter = 0;
const nextKey = () => {
  counter += 1;
  return `step-${counter}`;
};

export const STEP_LABELS: Record<TStepType, string> = {
  in_app: 'In-app',
  email: 'Email',
  sms: 'SMS',
  chat: 'Chat',
  push: 'Push',
  digest: 'Digest',
  delay: 'Delay',
  trigger: 'Trigger',
};

export function newStep(type: TStepType): TStepForm {
  return {
    key: nextKey(),
    name: '',
    type,
    active: true,
    content: '',
    subject: '',
    ctaUrl: '',
    buttons: [],
    blocks: type === 'email' ? [{ type: 'text', content: '', styles: { textAlign: 'left' } }] : null,
    feedIdentifier: '',
    actor: undefined,
    filters: [],
    failover: true,
    metadata:
      type === 'digest'
        ? { type: 'regular', amount: 5, unit: 'minutes' }
        : type === 'delay'
          ? { type: 'regular', amount: 5, unit: 'minutes' }
          : {},
  };
}

export const newCondition = (): TStepCondition => ({
  on: 'payload',
  field: '',
  operator: 'EQUAL',
  value: '',
});
export const newFilter = (): TStepFilter => ({ isNegated: false, value: 'AND', children: [newCondition()] });

export const emptyWorkflowForm = (): TWorkflowForm => ({
  name: '',
  triggerIdentifier: '',
  description: '',
  active: true,
  critical: false,
  severity: 'none',
  tags: '',
  steps: [newStep('in_app')],
});

export function workflowToForm(workflow: TWorkflowItem): TWorkflowForm {
  return {
    name: workflow.name,
    triggerIdentifier: workflow.triggers[0]?.identifier ?? '',
    description: workflow.description,
    active: workflow.active,
    critical: workflow.critical,
    severity: workflow.severity ?? 'none',
    tags: workflow.tags.join(', '),
    steps: workflow.steps.map((step) => ({
      key: nextKey(),
      id: step.id,
      name: step.name ?? '',
      type: step.type,
      active: step.active,
      content: step.content ?? '',
      subject: step.subject ?? '',
      ctaUrl: step.cta?.data.url ?? '',
      buttons: (step.cta?.action?.buttons ?? []).map((button) => ({
        type: button.type,
        content: button.content,
        url: button.url ?? '',
      })),
      blocks: step.type === 'email' && step.blocks && step.blocks.length > 0 ? step.blocks : null,
      feedIdentifier: step.feedIdentifier ?? '',
      actor: step.actor,
      filters: step.filters ?? [],
      metadata: step.metadata ?? {},
      failover: step.failover !== false,
    })),
  };
}

const hasContent = (type: TStepType) => ['in_app', 'email', 'sms', 'chat', 'push'].includes(type);

/** The step as the API takes it. */
export function stepToInput(step: TStepForm): TWorkflowStepInput {
  const input: TWorkflowStepInput = {
    ...(step.id ? { id: step.id } : {}),
    ...(step.name.trim() ? { name: step.name.trim() } : {}),
    type: step.type,
    active: step.active,
    filters: step.filters,
    content: hasContent(step.type) ? step.content : '',
    metadata: step.type === 'digest' || step.type === 'delay' ? step.metadata : {},
  };
  if ((step.type === 'email' || step.type === 'push' || step.type === 'in_app') && step.subject.trim())
    input.subject = step.subject;
  if ((step.type === 'email' || step.type === 'sms') && !step.failover) input.failover = false;
  // Blocks: the server turns them into the email's HTML (the same function renders the preview).
  if (step.type === 'email' && step.blocks !== null) {
    input.blocks = step.blocks;
    input.content = '';
  }
  if (step.type === 'in_app') {
    const buttons = step.buttons
      .filter((button) => button.content.trim() !== '')
      .map((button) => ({
        type: button.type,
        content: button.content,
        ...(button.url.trim() ? { url: button.url } : {}),
      }));
    if (step.ctaUrl.trim() || buttons.length > 0)
      input.cta = {
        type: 'redirect',
        data: step.ctaUrl.trim() ? { url: step.ctaUrl } : {},
        ...(buttons.length > 0 ? { action: { buttons } } : {}),
      };
    if (step.feedIdentifier.trim()) input.feedIdentifier = step.feedIdentifier.trim();
    if (step.actor) input.actor = step.actor;
  }
  return input;
}

export function formToSave(form: TWorkflowForm): TWorkflowSave {
  return {
    name: form.name.trim(),
    ...(form.triggerIdentifier.trim() ? { triggerIdentifier: form.triggerIdentifier.trim() } : {}),
    description: form.description,
    active: form.active,
    critical: form.critical,
    severity: form.severity,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    steps: form.steps.map(stepToInput),
    preferenceSettings: {},
  };
}

/** Moves the item at `from` by `delta` places (no-op at the ends). */
export function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A sample payload for the preview: every variable the workflow's templates read. */
export function samplePayload(variables: readonly string[]): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const name of variables) {
    const parts = name.split('.');
    let target = sample;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        if (target[part] === undefined)
          target[part] = part === 'url' ? 'https://example.com' : `Sample ${part}`;
      } else {
        if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return sample;
}
