// The playable slot page: loads the game and balance from the studio server, spins through it, animates the
// reels, shows the wins and free spins, and tells the parent frame the new balance after every spin.
import type { FreeSpinState, SlotGame, SpinOutcomeJson } from '@aposta/slots';
import type { Launch } from './api.ts';
import { loadGame, requestSpin, StudioError } from './api.ts';
import type { Language, Translate } from './i18n.ts';
import { languageOf, translator } from './i18n.ts';
import { formatCentavos } from './money.ts';
import { paytableHtml } from './paytable.ts';
import type { ReelView } from './reels.ts';
import { createReels } from './reels.ts';

/** A free spin follows the previous one after this pause, so the player sees each result. */
const FREE_SPIN_PAUSE_MS = 900;
const AUTOPLAY_PAUSE_MS = 500;
/** Autoplay stops by itself after this many paid spins. */
const AUTOPLAY_SPINS_MAX = 50;

export type PageOptions = {
  /** Where the balance goes after each spin (the parent frame in production). */
  readonly notifyBalance?: (balance: string) => void;
  /** Skips the pauses and animations (tests). */
  readonly instant?: boolean;
};

type PageState = {
  game: SlotGame;
  balance: string;
  betIndex: number;
  freeSpins: FreeSpinState | null;
  busy: boolean;
  closed: boolean;
  autoplayLeft: number;
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  html = '',
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  element.innerHTML = html;
  return element;
}

function defaultBetIndex(game: SlotGame): number {
  const index = game.betSteps.findIndex((step) => step >= 100);
  return index >= 0 ? index : 0;
}

export async function mountSlotPage(
  root: HTMLElement,
  launch: Launch,
  options: PageOptions = {},
): Promise<void> {
  const language = languageOf(launch.lang);
  const t = translator(language);
  document.documentElement.lang = language === 'pt_BR' ? 'pt-BR' : 'en';
  root.innerHTML = `<div class="loading">${t('loading')}</div>`;
  let loaded: Awaited<ReturnType<typeof loadGame>>;
  try {
    loaded = await loadGame(launch);
  } catch (error) {
    const code = error instanceof StudioError ? error.code : 'network';
    root.innerHTML = `<div class="loading" role="alert">${t(code === 'network' ? 'network' : code)}</div>`;
    return;
  }
  const state: PageState = {
    game: loaded.game,
    balance: loaded.balance,
    betIndex: defaultBetIndex(loaded.game),
    freeSpins: loaded.freeSpins,
    busy: false,
    closed: false,
    autoplayLeft: 0,
  };
  buildPage(root, launch, state, language, t, options);
}

function buildPage(
  root: HTMLElement,
  launch: Launch,
  state: PageState,
  language: Language,
  t: Translate,
  options: PageOptions,
): void {
  const { game } = state;
  document.title = game.name;
  const page = el('div', `slot slot-${game.kind}`);
  page.style.setProperty('--bg', game.colors.background);
  page.style.setProperty('--reel', game.colors.reel);
  page.style.setProperty('--accent', game.colors.accent);
  page.style.setProperty('--text', game.colors.text);
  const header = el(
    'header',
    'top',
    `<div class="title"><span class="provider">${launch.provider}</span><h1>${game.name}</h1></div>`,
  );
  const infoButton = el('button', 'info', 'i');
  infoButton.type = 'button';
  infoButton.setAttribute('aria-label', `${t('paytable')} · ${t('rules')}`);
  header.append(infoButton);
  const banner = el('div', 'free-banner');
  banner.setAttribute('role', 'status');
  const stage = el('main', 'stage');
  const reels: ReelView = createReels(game, { wild: t('wild'), scatter: t('scatter') });
  stage.append(reels.element);
  // Screen readers get the symbols reel by reel, top row first.
  const symbolName = new Map(game.symbols.map((symbol) => [symbol.code, symbol.name[language]]));
  const describeGrid = (grid: readonly (readonly string[])[]) =>
    grid.map((column) => column.map((code) => symbolName.get(code) ?? code).join(', ')).join(' · ');
  reels.element.setAttribute('role', 'img');
  reels.element.setAttribute(
    'aria-label',
    describeGrid(game.strips.map((strip) => strip.slice(0, game.rows))),
  );
  const message = el('div', 'message', t('goodLuck'));
  message.setAttribute('aria-live', 'polite');
  const controls = el('footer', 'controls');
  const balanceMeter = el('div', 'meter balance', `<span>${t('balance')}</span><strong></strong>`);
  const winMeter = el(
    'div',
    'meter win',
    `<span>${t('win')}</span><strong>${formatCentavos('0', language)}</strong>`,
  );
  const betMinus = el('button', 'step', '−');
  betMinus.type = 'button';
  betMinus.setAttribute('aria-label', t('lessBet'));
  const betPlus = el('button', 'step', '+');
  betPlus.type = 'button';
  betPlus.setAttribute('aria-label', t('moreBet'));
  const betMeter = el('div', 'meter bet', `<span>${t('bet')}</span><strong></strong>`);
  const betControl = el('div', 'bet-control');
  betControl.append(betMinus, betMeter, betPlus);
  const spinButton = el(
    'button',
    'spin',
    `<svg viewBox="0 0 48 48" aria-hidden="true"><path d="M38 24a14 14 0 1 1-4.1-9.9" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><path d="M36 6v10H26" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  );
  spinButton.type = 'button';
  spinButton.setAttribute('aria-label', t('spin'));
  const autoButton = el('button', 'auto', t('auto'));
  autoButton.type = 'button';
  const meters = el('div', 'meters');
  meters.append(balanceMeter, winMeter);
  const actions = el('div', 'actions');
  actions.append(betControl, spinButton, autoButton);
  controls.append(meters, actions);
  const sheet = el('div', 'sheet');
  sheet.hidden = true;
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-label', t('paytable'));
  const sheetBody = el('div', 'sheet-body');
  const closeButton = el('button', 'close', t('close'));
  closeButton.type = 'button';
  sheet.append(closeButton, sheetBody);
  const toast = el('div', 'toast');
  toast.setAttribute('role', 'alert');
  toast.hidden = true;
  page.append(header, banner, stage, message, controls, sheet, toast);
  root.replaceChildren(page);

  const bet = () => BigInt(game.betSteps[state.betIndex]!);
  const money = (centavos: string | bigint) => formatCentavos(centavos, language);
  let toastTimer: ReturnType<typeof setTimeout> | undefined;

  const refresh = () => {
    balanceMeter.querySelector('strong')!.textContent = money(state.balance);
    const free = state.freeSpins;
    betMeter.querySelector('strong')!.textContent = money(free ? BigInt(free.bet) : bet());
    const locked = state.busy || state.closed;
    betMinus.disabled = locked || free !== null || state.betIndex === 0;
    betPlus.disabled = locked || free !== null || state.betIndex === game.betSteps.length - 1;
    spinButton.disabled = locked && state.autoplayLeft === 0;
    spinButton.classList.toggle('busy', state.busy);
    autoButton.disabled = state.closed || free !== null;
    autoButton.textContent = state.autoplayLeft > 0 ? t('stop') : t('auto');
    autoButton.setAttribute('aria-pressed', String(state.autoplayLeft > 0));
    banner.hidden = free === null;
    if (free) {
      // The spin in play (or the next one): 1/10 from the trigger until the first free spin has stopped.
      const current = Math.max(1, free.awarded - free.remaining + (state.busy ? 1 : 0));
      banner.innerHTML = `<strong>${t('freeSpins')} ${current}/${free.awarded}</strong><span>${t('multiplier', { multiplier: free.multiplier })}</span><span>${money(free.win)}</span>`;
    }
  };

  const showToast = (text: string) => {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toast.hidden = true;
    }, 4000);
  };

  const layout = () => {
    const reserved = header.offsetHeight + banner.offsetHeight + message.offsetHeight + controls.offsetHeight;
    reels.layout(Math.max(160, window.innerHeight - reserved - 32));
  };

  const describeWin = (outcome: SpinOutcomeJson): string => {
    const best = [...outcome.wins].sort((a, b) => Number(BigInt(b.amount) - BigInt(a.amount)))[0];
    if (!best) return '';
    const symbol = game.symbols.find((candidate) => candidate.code === best.symbol);
    const name = symbol?.name[language] ?? best.symbol;
    const where =
      best.line !== undefined
        ? `${t('line', { line: best.line + 1 })} · `
        : best.ways !== undefined
          ? `${best.ways === 1 ? t('oneWay') : t('ways', { ways: best.ways })} · `
          : '';
    return `${where}${best.count} × ${name}`;
  };

  const showOutcome = (outcome: SpinOutcomeJson) => {
    reels.element.setAttribute('aria-label', describeGrid(outcome.grid));
    const won = BigInt(outcome.win) > 0n;
    winMeter.querySelector('strong')!.textContent = money(outcome.win);
    if (outcome.freeSpinsAwarded > 0) {
      message.innerHTML = `<strong class="big">${t('freeSpinsWon', { spins: outcome.freeSpinsAwarded })}</strong>`;
    } else if (won) {
      message.innerHTML = `<strong class="big">${t('win')} ${money(outcome.win)}</strong><small>${describeWin(outcome)}</small>`;
    } else if (outcome.freeSpin && outcome.state === null) {
      message.textContent = '';
    } else {
      message.textContent = outcome.freeSpin ? '' : t('goodLuck');
    }
    if (outcome.freeSpin && outcome.state === null) {
      const total = BigInt(state.freeSpins?.win ?? '0') + BigInt(outcome.win);
      message.innerHTML = `<strong class="big">${t('freeSpinsTotal')}: ${money(total)}</strong>`;
    }
    if (won) {
      const lines = outcome.wins.flatMap((win) =>
        win.line !== undefined && game.lines ? [game.lines[win.line]!.slice(0, win.count)] : [],
      );
      reels.highlight(
        outcome.wins.flatMap((win) => win.cells),
        lines,
      );
    }
  };

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, options.instant ? 0 : ms));

  const playOnce = async (): Promise<boolean> => {
    if (state.busy || state.closed) return false;
    const wasFree = state.freeSpins !== null;
    state.busy = true;
    reels.clearHighlight();
    refresh();
    try {
      const { outcome, balance } = await requestSpin(launch, (wasFree ? 0n : bet()).toString());
      if (!options.instant) await reels.spinTo(outcome.grid, outcome.stops);
      else reels.show(outcome.grid);
      state.balance = balance;
      showOutcome(outcome);
      state.freeSpins = outcome.state;
      options.notifyBalance?.(balance);
      return true;
    } catch (error) {
      const code = error instanceof StudioError ? error.code : 'network';
      if (code === 'session_closed') state.closed = true;
      showToast(t(code));
      state.autoplayLeft = 0;
      return false;
    } finally {
      state.busy = false;
      refresh();
    }
  };

  /** One press: a paid spin (or the next free spin), then the free spins it leads to, one after another. */
  const play = async () => {
    if (!(await playOnce())) return;
    while (state.freeSpins && !state.closed) {
      await pause(FREE_SPIN_PAUSE_MS);
      if (!(await playOnce())) return;
    }
  };

  const autoplay = async () => {
    while (state.autoplayLeft > 0 && !state.closed) {
      state.autoplayLeft--;
      await play();
      refresh();
      if (state.autoplayLeft > 0) await pause(AUTOPLAY_PAUSE_MS);
    }
    state.autoplayLeft = 0;
    refresh();
  };

  spinButton.addEventListener('click', () => {
    if (state.autoplayLeft > 0) {
      state.autoplayLeft = 0;
      refresh();
      return;
    }
    void play();
  });
  autoButton.addEventListener('click', () => {
    if (state.autoplayLeft > 0) {
      state.autoplayLeft = 0;
      refresh();
      return;
    }
    state.autoplayLeft = AUTOPLAY_SPINS_MAX;
    void autoplay();
  });
  betMinus.addEventListener('click', () => {
    state.betIndex = Math.max(0, state.betIndex - 1);
    refresh();
  });
  betPlus.addEventListener('click', () => {
    state.betIndex = Math.min(game.betSteps.length - 1, state.betIndex + 1);
    refresh();
  });
  infoButton.addEventListener('click', () => {
    sheetBody.innerHTML = paytableHtml(
      game,
      state.freeSpins ? BigInt(state.freeSpins.bet) : bet(),
      language,
      t,
    );
    sheet.hidden = false;
    closeButton.focus();
  });
  closeButton.addEventListener('click', () => {
    sheet.hidden = true;
    infoButton.focus();
  });
  window.addEventListener('resize', layout);
  refresh();
  layout();
}
