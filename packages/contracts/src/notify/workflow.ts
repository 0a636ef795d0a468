import { z } from 'zod';
import { emailBlocksToHtml, ZEmailBlock } from './email-blocks';
import {
  ACTION_STATUSES,
  ALERT_LEVELS,
  DAY_KINDS,
  DIGEST_MODES,
  DIGEST_TYPES,
  MONTH_POSITIONS,
  NOTIFY_CHANNELS,
  REPEAT_MODES,
  ZAlertLevel,
  ZAvatarType,
  ZButtonType,
  ZFilterCombinator,
  ZFilterOperator,
  ZFilterSource,
  ZSeverity,
  ZStepType,
  ZTimeUnit,
} from './enums';

/**
 * Workflows: a trigger identifier, flags, tags and ordered steps. Every step type is
 * stored; this version delivers the in-app channel and records the others (see docs/API.md).
 * Step input also takes Novu's nesting, `{active, filters, metadata, template: {type, content, …}}`,
 * which is flattened into one step object.
 */

const ZTemplateText = z.string().max(20_000);

/** One condition of a step filter. */
/** previousStep conditions: the state of the earlier step's in-app message. */
export const PREVIOUS_STEP_STATES = ['read', 'unread', 'seen', 'unseen'] as const;
export type TPreviousStepState = (typeof PREVIOUS_STEP_STATES)[number];

export const ZStepCondition = z.object({
  on: ZFilterSource.default('payload'),
  field: z.string().max(200).default(''),
  operator: ZFilterOperator.default('EQUAL'),
  /** A scalar, or a comma list / array for IN-like and BETWEEN operators. */
  value: z
    .union([z.string().max(2000), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
    .default(''),
  /** isOnlineInLast: the window's unit. */
  timeOperator: ZTimeUnit.optional(),
  /** webhook: the address asked (POST, JSON) before the step runs; `field` reads its JSON answer. */
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** previousStep: the id of the earlier step whose message is read (default: the step just before). */
  step: z.string().max(100).optional(),
  /** previousStep: what that message must be. */
  stepType: z.enum(PREVIOUS_STEP_STATES).optional(),
});
export type TStepCondition = z.infer<typeof ZStepCondition>;

/** A group of conditions joined by AND or OR; a step runs when every group matches. */
export const ZStepFilter = z.object({
  isNegated: z.boolean().default(false),
  type: z.string().max(40).optional(),
  value: ZFilterCombinator.default('AND'),
  children: z.array(ZStepCondition).max(50).default([]),
});
export type TStepFilter = z.infer<typeof ZStepFilter>;

export const ZCtaButton = z.object({
  type: ZButtonType,
  content: ZTemplateText,
  resultContent: ZTemplateText.optional(),
  url: ZTemplateText.optional(),
  target: z.string().max(20).optional(),
});

/** In-app call to action: a redirect URL and up to two buttons. */
export const ZStepCta = z.object({
  type: z.literal('redirect').default('redirect'),
  data: z.object({ url: ZTemplateText.optional() }).default({}),
  action: z
    .object({
      status: z.enum(ACTION_STATUSES).optional(),
      buttons: z.array(ZCtaButton).max(2).default([]),
    })
    .optional(),
});
export type TStepCta = z.infer<typeof ZStepCta>;

export const ZStepActor = z
  .object({
    type: ZAvatarType.default('none'),
    /** system_icon: an alert level; system_custom: an image URL; user: filled from the actor. */
    data: z.string().max(2000).nullable().optional(),
  })
  .superRefine((actor, context) => {
    // A system icon is one of the alert levels (the inbox draws one icon per level).
    if (actor.type === 'system_icon' && !ZAlertLevel.safeParse(actor.data ?? '').success) {
      context.addIssue({
        code: 'custom',
        path: ['data'],
        message: `a system icon is one of ${ALERT_LEVELS.join(', ')}`,
      });
    }
  });

/** Digest and delay settings (stored; run by the digest/delay engine of a later version). */
export const ZStepMetadata = z
  .object({
    type: z.enum([...DIGEST_TYPES, 'scheduled']).optional(),
    amount: z.number().int().min(0).max(100_000).optional(),
    unit: ZTimeUnit.optional(),
    digestKey: z.string().max(200).optional(),
    backoff: z.boolean().optional(),
    backoffAmount: z.number().int().min(0).max(100_000).optional(),
    backoffUnit: ZTimeUnit.optional(),
    delayPath: z.string().max(200).optional(),
    timed: z
      .object({
        mode: z.enum(DIGEST_MODES).optional(),
        repeat: z.enum(REPEAT_MODES).optional(),
        atTime: z.string().max(20).optional(),
        weekDays: z.array(z.enum(DAY_KINDS)).max(7).optional(),
        monthDays: z.array(z.number().int().min(1).max(31)).max(31).optional(),
        ordinal: z.enum(MONTH_POSITIONS).optional(),
        ordinalValue: z.enum(DAY_KINDS).optional(),
        monthlyType: z.enum(['each', 'on']).optional(),
      })
      .optional(),
  })
  .default({});
export type TStepMetadata = z.infer<typeof ZStepMetadata>;

const ZStepObject = z.object({
  /** Stable id of the step inside its workflow; assigned by the server when absent. */
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  name: z.string().trim().max(200).optional(),
  type: ZStepType,
  active: z.boolean().default(true),
  filters: z.array(ZStepFilter).max(20).default([]),
  /** in_app / sms / chat / push body, email HTML: a Handlebars template. */
  content: ZTemplateText.default(''),
  /** Email subject, push title. */
  subject: ZTemplateText.optional(),
  cta: ZStepCta.optional(),
  /** Email: the body authored as blocks; when given, `content` is their HTML (emailBlocksToHtml). */
  blocks: z.array(ZEmailBlock).max(50).optional(),
  /** In-app: the feed the message lands in (created when unknown). */
  feedIdentifier: z.string().trim().min(1).max(100).nullable().optional(),
  actor: ZStepActor.optional(),
  metadata: ZStepMetadata,
  /**
   * Email and SMS: when the primary integration fails permanently, try the channel's next active
   * integration (default true; false sends through the primary only).
   */
  failover: z.boolean().optional(),
});

/** Accepts the flat step or Novu's `{template: {...}}` nesting (fields of `template` win). */
function flattenStep(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { template, _id, uuid, ...rest } = input as Record<string, unknown>;
  const flat: Record<string, unknown> = { ...rest };
  if (flat.id === undefined && typeof _id === 'string') flat.id = _id;
  if (flat.id === undefined && typeof uuid === 'string') flat.id = uuid;
  if (template && typeof template === 'object' && !Array.isArray(template)) {
    const t = template as Record<string, unknown>;
    for (const [key, value] of Object.entries(t)) {
      if (key === 'feedId' || key === '_feedId' || key === 'feed') continue;
      if (value !== undefined) flat[key === 'title' ? 'subject' : key] = value;
    }
    if (flat.feedIdentifier === undefined && typeof t.feedIdentifier === 'string')
      flat.feedIdentifier = t.feedIdentifier;
  }
  // Novu sends an email body authored with blocks as `content: [...]`.
  if (Array.isArray(flat.content) && flat.blocks === undefined) flat.blocks = flat.content;
  if (typeof flat.content !== 'string' && flat.content !== undefined) flat.content = '';
  return flat;
}

export const ZWorkflowStepInput = z.preprocess(
  flattenStep,
  ZStepObject.transform((step) =>
    step.type === 'email' && step.blocks && step.blocks.length > 0
      ? { ...step, content: emailBlocksToHtml(step.blocks) }
      : step,
  ),
);
export type TWorkflowStepInput = z.input<typeof ZStepObject>;

/** A stored step: the input with its id and name filled in. */
export type TWorkflowStep = z.output<typeof ZStepObject> & { id: string; name: string };
export const ZWorkflowStep = ZStepObject.extend({ id: z.string(), name: z.string() });

const ZChannelPreferences = z.object(
  Object.fromEntries(NOTIFY_CHANNELS.map((channel) => [channel, z.boolean().optional()])) as Record<
    (typeof NOTIFY_CHANNELS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type TChannelPreferences = Partial<Record<(typeof NOTIFY_CHANNELS)[number], boolean>>;

const ZTags = z.array(z.string().trim().min(1).max(50)).max(20);

/** Trigger identifiers: letters, digits, `-`, `_`, `.` (what goes in `name` of a trigger). */
export const ZTriggerIdentifier = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-"');

export const ZWorkflowCreate = z.object({
  name: z.string().trim().min(1).max(200),
  /** Defaults to the name in lower-case words joined by dashes. */
  triggerIdentifier: ZTriggerIdentifier.optional(),
  description: z.string().max(1000).default(''),
  active: z.boolean().default(true),
  critical: z.boolean().default(false),
  /** The severity its messages get (a trigger may override it). */
  severity: ZSeverity.default('none'),
  tags: ZTags.default([]),
  steps: z.array(ZWorkflowStepInput).max(30).default([]),
  preferenceSettings: ZChannelPreferences.default({}),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TWorkflowCreate = z.infer<typeof ZWorkflowCreate>;

export const ZWorkflowUpdate = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(1000).optional(),
    active: z.boolean().optional(),
    critical: z.boolean().optional(),
    severity: ZSeverity.optional(),
    tags: ZTags.optional(),
    steps: z.array(ZWorkflowStepInput).max(30).optional(),
    preferenceSettings: ZChannelPreferences.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
  });
export type TWorkflowUpdate = z.infer<typeof ZWorkflowUpdate>;

/** A template of the template store: a ready-made workflow an admin copies into the environment. */
export const ZWorkflowTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** The step types in order (in_app, email, digest…), for the list. */
  stepTypes: z.array(z.string()),
});
export type TWorkflowTemplate = z.infer<typeof ZWorkflowTemplate>;

/** Copy a template: the new workflow's name and trigger identifier default to the template's. */
export const ZWorkflowFromTemplate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  triggerIdentifier: ZTriggerIdentifier.optional(),
});
export type TWorkflowFromTemplate = z.infer<typeof ZWorkflowFromTemplate>;
