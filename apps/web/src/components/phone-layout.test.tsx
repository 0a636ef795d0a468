import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { DataTable, STACKED } from './data-table';
import { FilterDisclosure } from './filter-disclosure';

function renderInApp(node: React.ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {node}
    </AppProviders>,
  );
}

describe('phone layout pieces', () => {
  it('names every cell by its column, so a row can be shown as a card', () => {
    renderInApp(
      <DataTable
        rows={[{ id: 1, amount: '₹239.08' }]}
        rowKey={(row) => row.id}
        columns={[
          { key: 'time', header: 'Time', cell: () => '6:57 am' },
          { key: 'amount', header: <b>Amount</b>, label: 'Amount', cell: (row) => row.amount, numeric: true },
          { key: 'menu', header: null, cell: () => '…' },
        ]}
        rowTestId="row"
      />,
    );
    expect(screen.getByRole('table').classList.contains(STACKED)).toBe(true);
    const cells = screen.getByTestId('row').querySelectorAll('td');
    expect([...cells].map((cell) => cell.getAttribute('data-label'))).toEqual(['Time', 'Amount', null]);
  });

  it('folds the filters behind a button that says how many are set', async () => {
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <FilterDisclosure active={2}>
        <input aria-label="Registration" />
      </FilterDisclosure>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(region?.hasAttribute('data-collapsed')).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(region?.hasAttribute('data-collapsed')).toBe(false);
  });
});
