import type { ChannelSwitches } from '@forecourt/inbox-core';
import { useId, useState } from 'react';
import { useInboxActions, useInboxI18n, usePreferences } from './hooks';
import type { InboxTranslations } from './i18n/types';
import { formatMessage } from './i18n/types';

type Channel = keyof ChannelSwitches;
const CHANNELS: readonly Channel[] = ['in_app', 'email', 'sms', 'chat', 'push'];

export function channelName(t: InboxTranslations, channel: Channel): string {
  const names: Record<Channel, string> = {
    in_app: t.channelInApp,
    email: t.channelEmail,
    sms: t.channelSms,
    chat: t.channelChat,
    push: t.channelPush,
  };
  return names[channel];
}

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="fc-inbox-switch">
      <input
        type="checkbox"
        role="switch"
        className="fc-inbox-switch__input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="fc-inbox-switch__track" aria-hidden="true" />
    </label>
  );
}

/**
 * The subscriber's channel switches: global ones first, then one group per workflow (only the
 * channels the workflow uses; critical workflows are shown but cannot be changed). Each switch
 * shows at once and flips back, with a message, if the server refuses.
 */
export function InboxPreferences() {
  const { t } = useInboxI18n();
  const { status, workflows, global, refetch, updatePreference, updateGlobalPreference, setGlobalEnabled } =
    usePreferences();
  const { logUsage } = useInboxActions();
  const [failed, setFailed] = useState(false);
  const globalTitleId = useId();
  const save = (promise: Promise<void>) => {
    setFailed(false);
    promise.catch(() => setFailed(true));
  };

  if (status === 'error' && workflows.length === 0) {
    return (
      <div className="fc-inbox-feed__state" role="alert">
        <p>{t.preferencesLoadFailed}</p>
        <button type="button" className="fc-inbox-button" onClick={() => void refetch().catch(() => {})}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (status !== 'ready' && workflows.length === 0 && !global) {
    return <p className="fc-inbox-feed__state">{t.loading}</p>;
  }

  const rows = workflows.filter((row) => Object.keys(row.preference.channels).length > 0);
  const globalChannels = global ? CHANNELS.filter((c) => global.preference.channels[c] !== undefined) : [];
  return (
    <div className="fc-inbox-preferences">
      {failed ? (
        <p className="fc-inbox-preferences__error" role="alert">
          {t.preferenceSaveFailed}
        </p>
      ) : null}
      {global ? (
        <section className="fc-inbox-preferences__group" aria-labelledby={globalTitleId}>
          <h3 id={globalTitleId} className="fc-inbox-preferences__title">
            {t.globalPreferences}
          </h3>
          <p className="fc-inbox-preferences__hint">{t.globalPreferencesHint}</p>
          <ul className="fc-inbox-preferences__channels">
            <li className="fc-inbox-preferences__master">
              <span>{t.allNotifications}</span>
              <Switch
                label={t.allNotifications}
                checked={global.preference.enabled}
                onChange={(on) => {
                  logUsage('Update Global Preference', { enabled: on });
                  save(setGlobalEnabled(on));
                }}
              />
            </li>
            {globalChannels.map((channel) => (
              <li key={channel}>
                <span>{channelName(t, channel)}</span>
                <Switch
                  label={formatMessage(t.channelSwitch, {
                    channel: channelName(t, channel),
                    workflow: t.globalPreferences,
                  })}
                  checked={global.preference.channels[channel] !== false}
                  disabled={!global.preference.enabled}
                  onChange={(on) => {
                    logUsage('Update Global Preference', { channel, enabled: on });
                    save(updateGlobalPreference(channel, on));
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {rows.length === 0 && !global ? <p className="fc-inbox-feed__state">{t.noPreferences}</p> : null}
      {rows.length ? (
        <h3 className="fc-inbox-preferences__title fc-inbox-preferences__title--section">
          {t.workflowPreferences}
        </h3>
      ) : null}
      {rows.map((row) => {
        const critical = row.template.critical;
        return (
          <section
            key={row.template._id}
            className="fc-inbox-preferences__group"
            data-critical={critical}
            aria-label={row.template.name}
          >
            <h4 className="fc-inbox-preferences__workflow">{row.template.name}</h4>
            {critical ? <p className="fc-inbox-preferences__hint">{t.criticalPreference}</p> : null}
            <ul className="fc-inbox-preferences__channels">
              {CHANNELS.filter((c) => row.preference.channels[c] !== undefined).map((channel) => (
                <li key={channel}>
                  <span>{channelName(t, channel)}</span>
                  <Switch
                    label={formatMessage(t.channelSwitch, {
                      channel: channelName(t, channel),
                      workflow: row.template.name,
                    })}
                    checked={row.preference.channels[channel] === true}
                    disabled={critical}
                    onChange={(on) => {
                      logUsage('Update Preference', { templateId: row.template._id, channel, enabled: on });
                      save(updatePreference(row.template._id, channel, on));
                    }}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
