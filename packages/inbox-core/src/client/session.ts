import { TOKEN_STORAGE_KEY } from '../constants';
import { browserStorage, type StorageLike, storageRemove, storageSet } from '../env';
import { isAbort } from '../errors';
import type { ClientContext, LiveSession } from './context';
import { type InboxIdentity, normalIdentity, sameIdentity } from './options';
import { errorInfo, initialState } from './state';

export type SessionHooks = {
  /** The session ended: drop what belongs to it (pages, scheduled refreshes). */
  ended(): void;
  /** The session is ready with `token`: connect and make the first reads. */
  ready(live: LiveSession, token: string): Promise<void>;
};

/**
 * The subscriber's session: started once both the application identifier and the subscriber id
 * are known; a changed identity (or hash) ends the old session first — its token, socket, pages
 * and counts — so the next subscriber never sees the previous one's inbox.
 */
export class Session {
  readonly #ctx: ClientContext;
  readonly #hooks: SessionHooks;
  #identity: InboxIdentity;
  #started = false;
  #generation = 0;
  #starting: Promise<void> = Promise.resolve();

  constructor(ctx: ClientContext, identity: InboxIdentity, hooks: SessionHooks) {
    this.#ctx = ctx;
    this.#identity = normalIdentity(identity);
    this.#hooks = hooks;
  }

  /** Resolves when the current session start (and its initial fetches) has settled. */
  get ready(): Promise<void> {
    return this.#starting;
  }

  start(): Promise<void> {
    return this.#begin();
  }

  configure(identity: InboxIdentity): Promise<void> {
    if (this.#started && sameIdentity(identity, this.#identity)) return this.#starting;
    this.#identity = normalIdentity(identity);
    return this.#begin();
  }

  destroy(): void {
    this.#started = false;
    this.#teardown();
    this.#starting = Promise.resolve();
  }

  get #storage(): StorageLike | null {
    const storage = this.#ctx.options.storage;
    return storage === undefined ? browserStorage() : storage;
  }

  #begin(): Promise<void> {
    this.#started = true;
    this.#teardown();
    const { applicationIdentifier, subscriberId } = this.#identity;
    if (!applicationIdentifier || !subscriberId) {
      this.#starting = Promise.resolve();
      return this.#starting;
    }
    const live: LiveSession = { generation: this.#generation, abort: new AbortController(), socket: null };
    this.#ctx.live = live;
    this.#starting = this.#start(live, applicationIdentifier, subscriberId);
    return this.#starting;
  }

  #teardown(): void {
    const ctx = this.#ctx;
    this.#generation += 1;
    const live = ctx.live;
    ctx.live = null;
    if (live) {
      live.abort.abort();
      live.socket?.disconnect();
    }
    this.#hooks.ended();
    ctx.api.http.setToken(null);
    storageRemove(this.#storage, TOKEN_STORAGE_KEY);
    ctx.container.set({ ...initialState(ctx.stores), view: ctx.state.view });
  }

  async #start(live: LiveSession, applicationIdentifier: string, subscriberId: string): Promise<void> {
    const ctx = this.#ctx;
    ctx.set((state) => ({ session: { ...state.session, status: 'initializing', subscriberId } }));
    let token: string;
    try {
      const session = await ctx.api.initializeSession(
        { applicationIdentifier, subscriberId, subscriberHash: this.#identity.subscriberHash ?? null },
        { signal: live.abort.signal },
      );
      if (!ctx.isLive(live)) return;
      if (!session.token) {
        storageRemove(this.#storage, TOKEN_STORAGE_KEY);
        ctx.api.http.setToken(null);
        throw new Error('The session answer has no token');
      }
      token = session.token;
      storageSet(this.#storage, TOKEN_STORAGE_KEY, token);
      ctx.api.http.setToken(token);
      ctx.set(() => ({ session: { status: 'ready', subscriberId, profile: session.profile } }));
    } catch (error) {
      if (!ctx.isLive(live) || isAbort(error)) return;
      ctx.logger.error('Failed to initialize the session', error);
      ctx.set((state) => ({
        session: { ...state.session, status: 'error' },
        error: errorInfo('session', error),
      }));
      return;
    }
    await this.#hooks.ready(live, token);
  }

  async fetchOrganization(): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      const organization = await ctx.api.getOrganization({ signal: live.abort.signal });
      if (ctx.isLive(live)) ctx.set(() => ({ organization }));
    } catch (error) {
      if (ctx.isLive(live) && !isAbort(error)) ctx.fail('organization', error);
    }
  }

  /** `POST /usage/log` (analytics; never retried, failures only logged). */
  async logUsage(name: string, payload: Record<string, unknown>): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      await ctx.api.logUsage(name, payload, { signal: live.abort.signal });
    } catch (error) {
      if (!isAbort(error)) ctx.logger.warn('Inbox usage log failed', error);
    }
  }
}
