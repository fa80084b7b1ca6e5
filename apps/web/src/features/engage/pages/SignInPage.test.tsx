// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../../test-support';
import SignInPage from './SignInPage';

setUpComponentTests();

const rewards = [1, 2, 3, 4, 5, 6, 10];

/** A server that knows one player's calendar: day 1 open until claimed, then claimed. */
function fakeServer() {
  let claimed = false;
  const claims: (string | null)[] = [];
  fakeApi(({ pathname: path }, init) => {
    if (path === '/api/app/signin' && init?.method === 'POST') {
      claims.push(new Headers(init.headers).get('Idempotency-Key'));
      claimed = true;
      return envelope({ day: 1, reward: 1, balance: 0, freeBalance: 1 });
    }
    if (path === '/api/app/signin') {
      return envelope({
        days: rewards.map((reward, index) => ({ day: index + 1, reward, claimed: claimed && index === 0 })),
        today: 1,
        claimedToday: claimed,
        streak: claimed ? 1 : 0,
      });
    }
    return envelope(null);
  });
  return claims;
}

describe('the daily sign-in sheet', () => {
  it('shows day 1 as today, claims it with an idempotency key, then says come back tomorrow', async () => {
    useToken.setState({ token: 'player-token' });
    const claims = fakeServer();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignInPage titleKey="signIn" params={{}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const today = await screen.findByText('Hoje');
    expect(today.closest('li')?.textContent).toContain('Dia 1');
    expect(screen.getAllByText('Em breve')).toHaveLength(6);

    await userEvent.setup().click(screen.getByRole('button', { name: /Fazer check-in e receber R\$ 1,00/ }));
    await screen.findByText('Check-in de hoje feito. Volte amanhã!');
    expect(await screen.findByText(/Dia 1: R\$\s1,00 recebido/)).toBeTruthy();
    expect(screen.getByText('Feito').closest('li')?.textContent).toContain('Dia 1');
    expect(screen.queryByRole('button', { name: /Fazer check-in/ })).toBeNull();
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatch(/^[0-9a-f-]{16,}$/);
  });

  it('asks a guest to log in instead of loading anything', async () => {
    const claims = fakeServer();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignInPage titleKey="signIn" params={{}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Entre na sua conta para ver esta página.')).toBeTruthy();
    expect(claims).toHaveLength(0);
  });

  it('under the Brazilian licence shows no calendar and no claim', async () => {
    useToken.setState({ token: 'player-token' });
    fakeApi(({ pathname: path }) => {
      if (path === '/api/app/main/config') return envelope({ regulatoryProfile: 'br-licensed' });
      return envelope(null);
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SignInPage titleKey="signIn" params={{}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(/Prêmios e bônus não são oferecidos sob a licença brasileira/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Fazer check-in/ })).toBeNull();
    expect(screen.queryByText('Hoje')).toBeNull();
  });
});
