// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useToken } from '../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';

setUpComponentTests();

const info = {
  yqm: 'ABC123',
  link: 'https://aposta.test/yABC123',
  invitedCount: 2,
  depositedCount: 1,
  commissionTotal: 1234,
  commissionClaimable: 500,
};

/** A server under the given profile; it answers the invite calls as if commissions existed. */
function server(profile: 'open' | 'br-licensed') {
  const called: string[] = [];
  fakeApi(({ pathname: path }) => {
    called.push(path);
    if (path === '/api/app/main/config') return envelope({ regulatoryProfile: profile });
    if (path === '/api/app/invite/friends') return envelope({ records: [], total: 0 });
    if (path === '/api/app/agent/summary') return envelope({ rates: [{ depth: 1, rate: 0.01 }], days: [] });
    if (path === '/api/app/invite/info') return envelope(info);
    return envelope(null);
  });
  return called;
}

const show = (page: ReactElement) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

// The pages add their texts to i18next when they load, which needs it started (setUpComponentTests' beforeAll).
const pages = async () => ({
  AgentPage: (await import('./AgentPage')).default,
  FriendsPage: (await import('./FriendsPage')).default,
  SharePage: (await import('./SharePage')).default,
});

describe('the invite pages under the Brazilian licence (decision 0036)', () => {
  it('the agent page shows no claim and no rates, only why', async () => {
    useToken.setState({ token: 'player-token' });
    server('br-licensed');
    const { AgentPage } = await pages();
    show(<AgentPage titleKey="agent" params={{}} />);
    expect(await screen.findByText(/Comissões de convite não são pagas/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resgatar' })).toBeNull();
    expect(screen.queryByText('Comissão para resgatar')).toBeNull();
  });

  it('the agent page still offers the claim in the open profile', async () => {
    useToken.setState({ token: 'player-token' });
    server('open');
    const { AgentPage } = await pages();
    show(<AgentPage titleKey="agent" params={{}} />);
    expect(await screen.findByRole('button', { name: 'Resgatar' })).toBeTruthy();
    expect(screen.queryByText(/Comissões de convite não são pagas/)).toBeNull();
  });

  it('the friends page lists friends without commissions or the agent link', async () => {
    useToken.setState({ token: 'player-token' });
    server('br-licensed');
    const { FriendsPage } = await pages();
    show(<FriendsPage titleKey="friends" params={{}} />);
    await screen.findByText('Nenhum amigo neste nível ainda');
    await screen.findByText('2');
    expect(screen.queryByText('Comissão total')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Minhas comissões' })).toBeNull();
  });

  it('the share page shares the link without the commission pitch or total', async () => {
    useToken.setState({ token: 'player-token' });
    server('br-licensed');
    const { SharePage } = await pages();
    show(<SharePage titleKey="share" params={{}} />);
    expect(await screen.findByText('Convide amigos com seu código ou link.')).toBeTruthy();
    expect(screen.getByTestId('invite-code').textContent).toBe('ABC123');
    expect(screen.queryByText('Comissão total')).toBeNull();
    expect(screen.queryByText(/ganhe uma parte/)).toBeNull();
  });

  it('the share page keeps the commission total in the open profile', async () => {
    useToken.setState({ token: 'player-token' });
    server('open');
    const { SharePage } = await pages();
    show(<SharePage titleKey="share" params={{}} />);
    expect(await screen.findByText('Comissão total')).toBeTruthy();
  });
});
