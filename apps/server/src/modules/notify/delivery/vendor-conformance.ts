import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, fakeContext, startFakeVendor, type VendorCall, type VendorReply } from './testing';
import { DeliveryError, type SendContext, type SendOutcome } from './vendor';

/**
 * The five answers every vendor adapter is tested against (test support, not used by the app):
 * the vendor's success, one of its documented 4xx errors (permanent: not retried), 429 with
 * Retry-After and a 5xx (transient: retried), and no answer at all (transient). On every call the
 * fake checks what the vendor itself would check; `check` returns what the vendor would refuse.
 */
export type VendorSpec = {
  /** Test title, e.g. "twilio". */
  name: string;
  credentials: Record<string, unknown>;
  /** Calls the adapter once. */
  send: (ctx: SendContext) => Promise<SendOutcome>;
  /**
   * What the vendor checks on a request: method, path, auth scheme and payload. Returns a problem
   * (the fake then answers 400 and the test fails) or undefined when the request is right.
   */
  check: (call: VendorCall) => string | undefined;
  /** The vendor's documented success answer. */
  success: VendorReply;
  /** One of the vendor's documented client errors (status and error body). */
  clientError: VendorReply;
  /** Checks on the outcome of a success (e.g. the vendor's message id). */
  onSuccess?: (outcome: SendOutcome, calls: VendorCall[]) => void;
  /**
   * Vendors whose send is preceded by another request (an OAuth token, say): answers those before
   * the scenario's reply is used. Return undefined to let the scenario answer.
   */
  preflight?: (call: VendorCall) => VendorReply | undefined;
  /** A vendor whose failures arrive as 2xx with an error body: the scenario replies to use instead. */
  replies?: Partial<Record<'clientError' | 'rateLimited' | 'serverError', VendorReply>>;
};

type Scenario = 'success' | 'clientError' | 'rateLimited' | 'serverError' | 'timeout';

export function describeVendorConformance(spec: VendorSpec): void {
  describe(`${spec.name} against a fake of its API`, () => {
    let fake: FakeVendor;
    let scenario: Scenario = 'success';
    const problems: string[] = [];

    beforeAll(async () => {
      fake = await startFakeVendor((call) => {
        const pre = spec.preflight?.(call);
        if (pre) return pre;
        const problem = spec.check(call);
        if (problem) {
          problems.push(problem);
          return { status: 400, body: { fake: problem } };
        }
        switch (scenario) {
          case 'success':
            return spec.success;
          case 'clientError':
            return spec.replies?.clientError ?? spec.clientError;
          case 'rateLimited':
            return (
              spec.replies?.rateLimited ?? {
                status: 429,
                headers: { 'retry-after': '7' },
                body: { error: 'too many requests' },
              }
            );
          case 'serverError':
            return spec.replies?.serverError ?? { status: 503, body: { error: 'unavailable' } };
          case 'timeout':
            return { status: 200, hang: true };
        }
      });
    });
    afterAll(() => fake.stop());

    const run = async (next: Scenario) => {
      scenario = next;
      problems.length = 0;
      fake.calls.length = 0;
      const ctx = fakeContext(fake, spec.credentials, { timeoutMs: next === 'timeout' ? 300 : 5_000 });
      try {
        return { outcome: await spec.send(ctx), error: undefined };
      } catch (error) {
        return { outcome: undefined, error };
      }
    };

    it('sends the documented request and reads the success answer', async () => {
      const { outcome, error } = await run('success');
      expect(problems).toEqual([]);
      expect(error).toBeUndefined();
      expect(fake.calls.length).toBeGreaterThan(0);
      spec.onSuccess?.(outcome as SendOutcome, fake.calls);
    });

    it('reports a client error as permanent (not retried), with the vendor text', async () => {
      const { error } = await run('clientError');
      expect(problems).toEqual([]);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).kind).toBe('permanent');
    });

    it('reports 429 as transient with the Retry-After', async () => {
      const { error } = await run('rateLimited');
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).kind).toBe('transient');
      if (!spec.replies?.rateLimited) expect((error as DeliveryError).retryAfterMs).toBe(7_000);
    });

    it('reports a server error as transient', async () => {
      const { error } = await run('serverError');
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).kind).toBe('transient');
    });

    it('reports no answer as transient', async () => {
      const { error } = await run('timeout');
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).kind).toBe('transient');
    });
  });
}
