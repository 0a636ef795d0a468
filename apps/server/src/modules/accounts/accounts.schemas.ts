import { z } from 'zod';

export const ZVerificationSent = z.object({ status: z.literal('verification_sent') });
export const ZResetSent = z.object({ status: z.literal('reset_sent') });
export const ZPasswordChanged = z.object({ status: z.literal('password_changed') });
export const ZEmailVerified = z.object({
  data: z.object({ verified: z.literal(true) }),
  status: z.literal('verified'),
});
