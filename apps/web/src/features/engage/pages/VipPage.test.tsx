// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../../test-support';
import VipPage from './VipPage';

setUpComponentTests();

const pays = [0, 10, 50, 200, 1000, 5000, 20000, 100000, 300000, 1000000, 2000000];
const games = [0, 100, 500, 2000, 10000, 50000, 200000, 1000000, 3000000, 5000000, 10000000];
const levels = pays.map((paySumAmount, index) => ({
  level: index + 1,
  paySumAmount,
  gameSumAmount: games[index],
  withdrawDayMax: index === 1 ? 500 : 1000,
  withdrawDayCount: 99,
  reward: index === 0 ? 0 : index * 2,
}));

/** A level-2 player, R$ 25 deposited and R$ 125 staked, who has not claimed level 2's reward yet. */
function fakeServer() {
  let claimed = false;
  const claims: string[] = [];
  fakeApi(({ pathname: path }, init) => {
    if (path === '/api/app/vip/levels') return envelope(levels);
    if (path === '/api/app/vip/status') {
      return envelope({
        level: 2,
        next: { level: 3, paySumAmount: 50, gameSumAmount: 500 },
        progress: { paySumAmount: 25, gameSumAmount: 125 },
        rewards: levels
          .slice(1)
          .map((row) => ({ level: row.level, amount: row.reward, claimed: claimed && row.level === 2 })),
      });
    }
    if (path === '/api/app/vip/claim/2' && init?.method === 'POST') {
      claims.push(path);
      claimed = true;
      return envelope({ balance: 0, freeBalance: 2 });
    }
    return envelope(null);
  });
  return claims;
}

describe('the VIP page', () => {
  it('shows the level, both bars towards level 3, the 11 levels, and claims level 2 once', async () => {
    useToken.setState({ token: 'player-token' });
    const claims = fakeServer();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <VipPage titleKey="vip" params={{}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Próximo nível: VIP 3');
    const deposits = screen.getByRole('progressbar', { name: 'Depósitos' });
    expect(deposits.getAttribute('aria-valuenow')).toBe('50');
    expect(deposits.getAttribute('aria-valuetext')).toBe('R$ 25,00 de R$ 50,00');
    expect(screen.getByRole('progressbar', { name: 'Apostas' }).getAttribute('aria-valuenow')).toBe('25');

    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toContain('Saque diário até R$ 500,00');
    expect(within(rows[2] as HTMLElement).getByText('Bloqueado')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resgatar o prêmio do VIP 2' }));
    await vi.waitFor(() => expect(within(rows[1] as HTMLElement).getByText('Recebido')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Resgatar o prêmio do VIP 2' })).toBeNull();
    expect(claims).toHaveLength(1);
  });
});
