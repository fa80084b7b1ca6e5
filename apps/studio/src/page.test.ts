// @vitest-environment happy-dom
// The slot page against a stand-in studio server (fetch answered from memory with the real game math): what
// the player sees and what the page sends and tells its parent frame.
import type { FreeSpinState, SlotGame } from '@aposta/slots';
import { findSlotGame, spin, spinOutcomeToJson } from '@aposta/slots';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchFromLocation } from './api.ts';
import { mountSlotPage } from './page.ts';

type Sent = { session: string; game: string; bet: string };

/** Reel stops that put the scatter on every reel (free spins) or nothing special (plain spin). */
function stopsRandom(game: SlotGame, scatter: boolean): () => number {
  const scatterCode = game.symbols.find((symbol) => symbol.kind === 'scatter')!.code;
  let reel = 0;
  return () => {
    const strip = game.strips[reel % game.reels]!;
    const stop = scatter ? strip.indexOf(scatterCode) : (reel * 7) % strip.length;
    reel++;
    return (stop + 0.5) / strip.length;
  };
}

function fakeServer(options: { balance: bigint; trigger?: boolean; refuse?: string }) {
  const sent: Sent[] = [];
  let balance = options.balance;
  let freeSpins: FreeSpinState | null = null;
  let first = true;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://studio.test');
    const game = findSlotGame('pg-boi-dourado')!;
    if (url.pathname === '/studio/PG/api/game') {
      return Response.json({ game, balance: balance.toString(), currency: 'BRL', freeSpins });
    }
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push(body);
    if (options.refuse) return Response.json({ error: options.refuse, message: 'no' }, { status: 402 });
    const bet = freeSpins ? 0n : BigInt(body.bet);
    const outcome = spin(game, bet, stopsRandom(game, Boolean(options.trigger) && first), freeSpins);
    first = false;
    balance += outcome.win - bet;
    freeSpins = outcome.state;
    return Response.json({ outcome: spinOutcomeToJson(outcome), balance: balance.toString() });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, balance: () => balance };
}

async function mount(lang = 'pt_BR') {
  document.body.innerHTML = '<div id="app"></div>';
  const root = document.getElementById('app')!;
  const notified: string[] = [];
  const launch = launchFromLocation({
    pathname: '/studio/PG/play',
    search: `?session=s-1&game=pg-boi-dourado&lang=${lang}`,
  });
  await mountSlotPage(root, launch, { instant: true, notifyBalance: (balance) => notified.push(balance) });
  return { root, notified };
}

// Intl puts a no-break space between R$ and the amount.
const text = (root: HTMLElement, selector: string) =>
  (root.querySelector(selector)?.textContent ?? '').replace(/\u00a0/g, ' ');
// A spin marks the button busy as soon as it is pressed and clears it once the answer is shown: the event to wait for.
const spinDone = (root: HTMLElement) =>
  vi.waitFor(() => expect(root.querySelector('.spin')?.classList.contains('busy')).toBe(false));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the slot page', () => {
  it('reads provider, session, game and language from its URL', () => {
    expect(
      launchFromLocation({
        pathname: '/studio/EVO/play',
        search: '?session=abc&game=evo-frutas-neon&lang=en_US',
      }),
    ).toEqual({
      apiBase: '/studio/EVO/api',
      provider: 'EVO',
      session: 'abc',
      game: 'evo-frutas-neon',
      lang: 'en_US',
    });
  });

  it('shows the game, the balance and the default bet in Portuguese', async () => {
    fakeServer({ balance: 100_000n });
    const { root } = await mount();
    expect(text(root, 'h1')).toBe('Boi Dourado');
    expect(text(root, '.balance strong')).toBe('R$ 1.000,00');
    expect(text(root, '.bet strong')).toBe('R$ 1,00');
    expect(root.querySelectorAll('.reel')).toHaveLength(3);
    expect(root.querySelectorAll('.cell')).toHaveLength(9);
    const reelsLabel = root.querySelector('.reels')!.getAttribute('aria-label')!;
    expect(reelsLabel.split(' · ')).toHaveLength(3);
    expect(reelsLabel).toMatch(/Boi Dourado|Gongo|Lingote|Envelope vermelho|Moeda da sorte|Tangerina|Bambu/);
  });

  it('spins at the chosen bet, shows the new balance and tells the parent frame', async () => {
    const server = fakeServer({ balance: 100_000n });
    const { root, notified } = await mount();
    (root.querySelector('button[aria-label="Aumentar aposta"]') as HTMLButtonElement).click();
    expect(text(root, '.bet strong')).toBe('R$ 2,00');
    (root.querySelector('.spin') as HTMLButtonElement).click();
    await spinDone(root);
    expect(server.sent).toEqual([{ session: 's-1', game: 'pg-boi-dourado', bet: '200' }]);
    const balance = server.balance();
    expect(notified).toEqual([balance.toString()]);
    const reais = `${balance / 100n},${(balance % 100n).toString().padStart(2, '0')}`;
    expect(text(root, '.balance strong')).toBe(`R$ ${reais.replace(/^(\d)(\d{3}),/, '$1.$2,')}`);
  });

  it('plays the free spins a trigger awards, at no stake, counting them in the banner', async () => {
    const server = fakeServer({ balance: 100_000n, trigger: true });
    const game = findSlotGame('pg-boi-dourado')!;
    const { root, notified } = await mount();
    (root.querySelector('.spin') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(notified).toHaveLength(1 + game.freeSpins.spins), { timeout: 2000 });
    await spinDone(root);
    expect(server.sent[0]!.bet).toBe('100');
    expect(server.sent.slice(1).every((sent) => sent.bet === '0')).toBe(true);
    expect(notified).toHaveLength(1 + game.freeSpins.spins);
    expect(text(root, '.message')).toContain('Total das rodadas grátis');
    expect((root.querySelector('.free-banner') as HTMLElement).hidden).toBe(true);
  });

  it('says when the balance is too low and changes nothing', async () => {
    const server = fakeServer({ balance: 50n, refuse: 'insufficient_funds' });
    const { root, notified } = await mount();
    (root.querySelector('.spin') as HTMLButtonElement).click();
    await spinDone(root);
    expect(text(root, '[role="alert"]')).toBe('Saldo insuficiente para esta aposta.');
    expect(text(root, '.balance strong')).toBe('R$ 0,50');
    expect(notified).toEqual([]);
    expect(server.sent).toHaveLength(1);
  });

  it('speaks English for en_US and for languages it does not have', async () => {
    fakeServer({ balance: 100_000n });
    const { root } = await mount('es_ES');
    // Cash and bonus together, named so (issue 27): never read as the header's cash.
    expect(text(root, '.balance span')).toBe('Balance + bonus');
    (root.querySelector('.info') as HTMLButtonElement).click();
    expect(text(root, '.sheet h2')).toBe('Paytable');
    expect(text(root, '.sheet')).toContain('Theoretical RTP');
    expect(text(root, '.sheet')).toContain('96.36%');
  });
});
