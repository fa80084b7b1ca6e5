// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import { TransferList } from './TransferList';

setUpComponentTests();

function serve(data: unknown) {
  const asked: string[] = [];
  fakeApi((url) => {
    asked.push(url.href);
    return envelope(data);
  });
  return asked;
}

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <TransferList />
    </QueryClientProvider>,
  );

describe('the transfers tab', () => {
  it('lists received transfers with + in green and sent ones with − in red, naming the masked player', async () => {
    const asked = serve({
      records: [
        { id: 7, direction: 'in', amount: 5, counterpart: 'bi***@ex***.com', time: Date.UTC(2026, 0, 2, 15) },
        {
          id: 6,
          direction: 'out',
          amount: 1234.5,
          counterpart: 'bi***@ex***.com',
          time: Date.UTC(2026, 0, 1),
        },
      ],
      total: 2,
    });
    show();
    const list = await screen.findByRole('list', { name: 'Transferências' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [received, sent] = rows as [HTMLElement, HTMLElement];
    expect(within(received).getByText('Recebida')).toBeTruthy();
    expect(within(received).getByText('De bi***@ex***.com')).toBeTruthy();
    const plus = within(received).getByText(/R\$/);
    expect(plus.textContent?.replace(/\s/g, ' ')).toBe('+R$ 5,00');
    expect(plus.className).toContain('record-amount-deposit');
    expect(within(sent).getByText('Enviada')).toBeTruthy();
    expect(within(sent).getByText('Para bi***@ex***.com')).toBeTruthy();
    const minus = within(sent).getByText(/R\$/);
    expect(minus.textContent?.replace(/\s/g, ' ')).toBe('−R$ 1.234,50');
    expect(minus.className).toContain('record-amount-lost');
    expect(screen.getByText('Não há mais registros.')).toBeTruthy();
    expect(new URL(asked[0] ?? '', 'http://localhost').pathname).toBe('/api/app/order/transfers');
  });

  it('says so when there are none', async () => {
    serve({ records: [], total: 0 });
    show();
    expect(await screen.findByText('Nenhuma transferência ainda.')).toBeTruthy();
  });
});
