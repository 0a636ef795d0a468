import { isAbort } from '../errors';
import type { ChannelSwitches, WorkflowPreference } from '../types';
import type { ClientContext } from './context';

/** The subscriber's per-workflow and global channel switches; updates show at once and revert on refusal. */
export class Preferences {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  async fetch(): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    ctx.set((state) => ({ preferences: { ...state.preferences, status: 'loading' } }));
    try {
      const workflows = await ctx.api.getPreferences({ signal: live.abort.signal });
      if (ctx.isLive(live)) {
        ctx.set((state) => ({ preferences: { ...state.preferences, status: 'ready', workflows } }));
      }
    } catch (error) {
      if (!ctx.isLive(live) || isAbort(error)) return;
      ctx.set((state) => ({ preferences: { ...state.preferences, status: 'error' } }));
      ctx.fail('preferences', error);
    }
  }

  async fetchGlobal(): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) return;
    try {
      const global = await ctx.api.getGlobalPreference({ signal: live.abort.signal });
      if (ctx.isLive(live)) ctx.set((state) => ({ preferences: { ...state.preferences, global } }));
    } catch (error) {
      if (ctx.isLive(live) && !isAbort(error)) ctx.fail('preferences', error);
    }
  }

  #replaceWorkflow(templateId: string, change: (row: WorkflowPreference) => WorkflowPreference): void {
    this.#ctx.set((state) => ({
      preferences: {
        ...state.preferences,
        workflows: state.preferences.workflows.map((row) =>
          row.template._id === templateId ? change(row) : row,
        ),
      },
    }));
  }

  async update(templateId: string, channel: keyof ChannelSwitches, enabled: boolean): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const before = ctx.state.preferences.workflows.find((row) => row.template._id === templateId);
    this.#replaceWorkflow(templateId, (row) => ({
      ...row,
      preference: { ...row.preference, channels: { ...row.preference.channels, [channel]: enabled } },
    }));
    try {
      const stored = await ctx.api.updatePreference(
        templateId,
        { channel: { type: channel, enabled } },
        { signal: live.abort.signal },
      );
      if (ctx.isLive(live)) this.#replaceWorkflow(templateId, () => stored);
    } catch (error) {
      if (ctx.isLive(live)) {
        if (before) this.#replaceWorkflow(templateId, () => before);
        if (!isAbort(error)) ctx.fail('preferences', error);
      }
      throw error;
    }
  }

  async updateGlobal(change: {
    enabled?: boolean;
    preferences?: { channelType: keyof ChannelSwitches; enabled: boolean }[];
  }): Promise<void> {
    const ctx = this.#ctx;
    const live = ctx.readySession();
    if (!live) throw new Error('The inbox session is not initialized');
    const before = ctx.state.preferences.global;
    if (before) {
      const channels = { ...before.preference.channels };
      for (const item of change.preferences ?? []) channels[item.channelType] = item.enabled;
      ctx.set((state) => ({
        preferences: {
          ...state.preferences,
          global: { preference: { enabled: change.enabled ?? before.preference.enabled, channels } },
        },
      }));
    }
    try {
      const global = await ctx.api.updateGlobalPreference(change, { signal: live.abort.signal });
      if (ctx.isLive(live)) ctx.set((state) => ({ preferences: { ...state.preferences, global } }));
    } catch (error) {
      if (ctx.isLive(live)) {
        ctx.set((state) => ({ preferences: { ...state.preferences, global: before } }));
        if (!isAbort(error)) ctx.fail('preferences', error);
      }
      throw error;
    }
  }
}
