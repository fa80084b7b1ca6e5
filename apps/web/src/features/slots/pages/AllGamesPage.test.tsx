// @vitest-environment happy-dom
import type { GameListRecord } from '@aposta/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useOverlays } from '../../../lib/overlays';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../../test-support';

// The page loads after i18n starts, as its chunk does in the app (slots-i18n adds its texts to the store).
let page: typeof import('./AllGamesPage');

setUpComponentTests();

beforeAll(async () => {
  page = await import('./AllGamesPage');
});

afterEach(() => {
  useOverlays.getState().closeAll();
});

const house = ['Mines', 'Dice', 'Limbo'].map(
  (name): GameListRecord => ({
    value: name.toLowerCase(),
    productCode: 'SELF',
    gameType: name.toLowerCase(),
    name,
    icon: `/games/${name.toLowerCase()}.svg`,
    stop: name === 'Limbo',
    hot: false,
    rtp: null,
  }),
);
const slot = (productCode: string, index: number): GameListRecord => ({
  value: `${productCode.toLowerCase()}-${index}`,
  productCode,
  gameType: 'SLOT',
  name: `${productCode} Fortune ${index}`,
  icon: `/studio/${productCode}/${index}.png`,
  stop: productCode === 'BG' && index === 1,
  hot: index === 1,
  rtp: 0.965,
});
// 3 house games, then 20 PG, 15 EVO and 5 BG slots: 43 in all, more than one page.
const catalogue = [
  ...house,
  ...Array.from({ length: 20 }, (_, index) => slot('PG', index + 1)),
  ...Array.from({ length: 15 }, (_, index) => slot('EVO', index + 1)),
  ...Array.from({ length: 5 }, (_, index) => slot('BG', index + 1)),
];

/** GET /api/app/game/list as the server answers it: filtered by group and name, then paged. */
function fakeServer() {
  const asked: URLSearchParams[] = [];
  fakeApi((address) => {
    if (address.pathname !== '/api/app/game/list') return envelope(null);
    const query = address.searchParams;
    asked.push(query);
    const group = query.get('productCode');
    const q = query.get('q')?.toLowerCase();
    const found = catalogue.filter(
      (game) => (!group || game.productCode === group) && (!q || game.name.toLowerCase().includes(q)),
    );
    const page = Number(query.get('page'));
    const size = Number(query.get('size'));
    return envelope({ records: found.slice((page - 1) * size, page * size), total: found.length });
  });
  return asked;
}

function Opened() {
  const location = useLocation();
  return <p>{`opened ${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  const AllGamesPage = page.default;
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/gg']}>
        <Routes>
          <Route path="/gg" element={<AllGamesPage titleKey="gg" params={{}} />} />
          <Route path="*" element={<Opened />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.slot-name')?.textContent);

describe('the all-games page (/gg)', () => {
  it('lists the sports entry, the house games first and every provider slot a page at a time', async () => {
    const asked = fakeServer();
    renderPage();
    expect(screen.getByRole('link', { name: /Esportes/ }).getAttribute('href')).toBe('/sports');
    const list = await screen.findByRole('list', { name: 'Todos' });
    expect(names(list)).toHaveLength(page.allGamesPageSize);
    expect(names(list).slice(0, 4)).toEqual(['Mines', 'Dice', 'Limbo', 'PG Fortune 1']);
    expect(screen.getByText('Jogos: 43')).toBeTruthy();
    // A slot shows its RTP and the hot badge; a stopped house game says so.
    const pg1 = within(list).getAllByRole('listitem')[3] as HTMLElement;
    expect(within(pg1).getByText('RTP 96,50%')).toBeTruthy();
    expect(within(pg1).getByText('Em alta')).toBeTruthy();
    const limbo = within(list).getAllByRole('listitem')[2] as HTMLElement;
    expect(within(limbo).getByText('Em Breve...')).toBeTruthy();
    // A house game's cover is its art file (scripts/make-house-art.ts); a slot's is the provider's picture.
    expect(limbo.querySelector('img')?.getAttribute('src')).toBe('/games/limbo.svg');
    expect(pg1.querySelector('img')?.getAttribute('src')).toBe('/studio/PG/1.png');
    expect(asked).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mostrar mais (13)' }));
    await vi.waitFor(() => expect(names(list)).toHaveLength(43));
    expect(names(list).at(-1)).toBe('BG Fortune 5');
    expect(screen.queryByRole('button', { name: /Mostrar mais/ })).toBeNull();
    expect(asked.map((query) => query.get('page'))).toEqual(['1', '2']);
  });

  it('narrows by kind and by name, and says when nothing matches', async () => {
    const asked = fakeServer();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Todos' });
    await user.click(screen.getByRole('tab', { name: 'EVO play' }));
    const evo = await screen.findByRole('list', { name: 'EVO play' });
    await vi.waitFor(() => expect(names(evo)).toHaveLength(15));
    expect(names(evo).every((name) => name?.startsWith('EVO'))).toBe(true);
    expect(asked.at(-1)?.get('productCode')).toBe('EVO');

    await user.click(screen.getByRole('tab', { name: 'Jogos da casa' }));
    await vi.waitFor(() =>
      expect(names(screen.getByRole('list', { name: 'Jogos da casa' }))).toEqual(['Mines', 'Dice', 'Limbo']),
    );

    await user.click(screen.getByRole('tab', { name: 'Todos' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar jogo pelo nome' }), 'fortune 1');
    await vi.waitFor(() => expect(asked.at(-1)?.get('q')).toBe('fortune 1'));
    // "Fortune 1" and "Fortune 10"…"Fortune 19" of PG, "Fortune 1" and 10…15 of EVO, "Fortune 1" of BG.
    await vi.waitFor(() => expect(screen.getByText('Jogos: 19')).toBeTruthy());

    await user.type(screen.getByRole('searchbox'), 'xyz');
    await screen.findByText('Nenhum jogo encontrado.');
  });

  it('opens a slot at /play when signed in, and asks a visitor to log in', async () => {
    fakeServer();
    renderPage();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Todos' });
    await user.click(within(list).getByRole('button', { name: /^PG Fortune 2\D/ }));
    expect(useOverlays.getState().open.login).toBe(true);

    useToken.setState({ token: 'player-token' });
    await user.click(within(list).getByRole('button', { name: /^PG Fortune 2\D/ }));
    await screen.findByText('opened /play?productCode=PG&value=pg-2&name=PG+Fortune+2');
  });
});
