import { z } from 'zod';

/**
 * Lifecycle shared by station access requests and card activation requests:
 * `pending` → `approved` | `rejected` (by an admin) | `cancelled` (by the requester).
 */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
/** Status of a request awaiting an admin's decision. */
export const ZRequestStatus = z.enum(REQUEST_STATUSES);
export type TRequestStatus = z.infer<typeof ZRequestStatus>;

/** Body of an admin's decision on a pending request. A rejection must give a reason. */
export const ZRequestDecision = z
  .object({
    status: z.enum(['approved', 'rejected']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((decision) => decision.status === 'approved' || (decision.reason ?? '').length > 0, {
    message: 'Give a reason for the rejection',
    path: ['reason'],
  });
export type TRequestDecision = z.infer<typeof ZRequestDecision>;
