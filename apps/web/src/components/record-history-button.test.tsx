import type { TAuditEntry } from '@forecourt/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { actionLabel } from './audit-trail';
import { RecordHistoryButton } from './record-history-button';

const entry = (id: number, action: string, actor: string | null, data = {}): TAuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 10, 20, 6, id)).toISOString(),
  action,
  actor: actor === null ? null : { id: 9, name: actor },
  data,
});

function renderButton(load: (signal: AbortSignal) => Promise<{ audit: TAuditEntry[] }>) {
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RecordHistoryButton title="History of Meena Iyer" queryKey={['history', 1]} load={load} />
    </AppProviders>,
  );
  return user;
}

describe('RecordHistoryButton', () => {
  it('loads the record only when opened and shows who did what, with reasons', async () => {
    let calls = 0;
    const user = renderButton(async () => {
      calls += 1;
      return {
        audit: [
          entry(2, 'access_request.rejected', 'Asha Menon', { reason: 'Not your station' }),
          entry(1, 'access_request.created', null),
        ],
      };
    });
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'History of Meena Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Meena Iyer' });
    expect(await within(dialog).findByText('Rejected')).toBeTruthy();
    expect(within(dialog).getByText(/Asha Menon/)).toBeTruthy();
    expect(within(dialog).getByText(/System/)).toBeTruthy();
    expect(within(dialog).getByText('Reason: Not your station')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('labels an action by its verb', () => {
    expect(actionLabel('access_request.approved')).toBe('Approved');
    expect(actionLabel('card.limits_changed')).toBe('Limits changed');
    expect(actionLabel('weird')).toBe('Weird');
  });

  it('says so when the history cannot be loaded', async () => {
    const user = renderButton(async () => {
      throw new Error('offline');
    });
    await user.click(screen.getByRole('button', { name: 'History of Meena Iyer' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not load the history')).toBeTruthy();
  });
});
