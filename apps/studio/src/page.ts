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

/** The top bar: the provider and the game's name, and the button that opens the paytable. */
function buildHeader(game: SlotGame, launch: Launch, t: Translate) {
  const header = el(
    'header',
    'top',
    `<div class="title"><span class="provider">${launch.provider}</span><h1>${game.name}</h1></div>`,
  );
  const infoButton = el('button', 'info', 'i');
  infoButton.type = 'button';
  infoButton.setAttribute('aria-label', `${t('paytable')} · ${t('rules')}`);
  header.append(infoButton);
  return { header, infoButton };
}

/** The footer: balance and win meters, the bet's steps, spin and autoplay. */
function buildControls(t: Translate, language: Language) {
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
  return { controls, balanceMeter, winMeter, betMinus, betPlus, betMeter, spinButton, autoButton };
}

/** The paytable's sheet (a dialog with a close button) and the toast for refusals. */
function buildSheet(t: Translate) {
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
  return { sheet, sheetBody, closeButton, toast };
}

/** The whole page's elements, mounted in root; the reels describe their symbols to screen readers. */
function buildDom(root: HTMLElement, launch: Launch, game: SlotGame, language: Language, t: Translate) {
  document.title = game.name;
  const page = el('div', `slot slot-${game.kind}`);
  page.style.setProperty('--bg', game.colors.background);
  page.style.setProperty('--reel', game.colors.reel);
  page.style.setProperty('--accent', game.colors.accent);
  page.style.setProperty('--text', game.colors.text);
  const { header, infoButton } = buildHeader(game, launch, t);
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
  const controls = buildControls(t, language);
  const sheet = buildSheet(t);
  page.append(header, banner, stage, message, controls.controls, sheet.sheet, sheet.toast);
  root.replaceChildren(page);
  return { header, infoButton, banner, reels, describeGrid, message, ...controls, ...sheet };
}

/** What the page's steps share: its state, the launch, the language and the elements. */
type Page = {
  readonly state: PageState;
  readonly launch: Launch;
  readonly language: Language;
  readonly t: Translate;
  readonly options: PageOptions;
  readonly ui: ReturnType<typeof buildDom>;
  toastTimer?: ReturnType<typeof setTimeout>;
};

const betOf = ({ state }: Page) => BigInt(state.game.betSteps[state.betIndex]!);
const moneyOf = (p: Page, centavos: string | bigint) => formatCentavos(centavos, p.language);

/** Brings every control and the free-spins banner in line with the state. */
function refresh(p: Page): void {
  const { state, ui, t } = p;
  ui.balanceMeter.querySelector('strong')!.textContent = moneyOf(p, state.balance);
  const free = state.freeSpins;
  ui.betMeter.querySelector('strong')!.textContent = moneyOf(p, free ? BigInt(free.bet) : betOf(p));
  const locked = state.busy || state.closed;
  ui.betMinus.disabled = locked || free !== null || state.betIndex === 0;
  ui.betPlus.disabled = locked || free !== null || state.betIndex === state.game.betSteps.length - 1;
  ui.spinButton.disabled = locked && state.autoplayLeft === 0;
  ui.spinButton.classList.toggle('busy', state.busy);
  ui.autoButton.disabled = state.closed || free !== null;
  ui.autoButton.textContent = state.autoplayLeft > 0 ? t('stop') : t('auto');
  ui.autoButton.setAttribute('aria-pressed', String(state.autoplayLeft > 0));
  ui.banner.hidden = free === null;
  if (free) {
    // The spin in play (or the next one): 1/10 from the trigger until the first free spin has stopped.
    const current = Math.max(1, free.awarded - free.remaining + (state.busy ? 1 : 0));
    ui.banner.innerHTML = `<strong>${t('freeSpins')} ${current}/${free.awarded}</strong><span>${t('multiplier', { multiplier: free.multiplier })}</span><span>${moneyOf(p, free.win)}</span>`;
  }
}

function showToast(p: Page, text: string): void {
  const { toast } = p.ui;
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(p.toastTimer);
  p.toastTimer = setTimeout(() => {
    toast.hidden = true;
  }, 4000);
}

function layout({ ui }: Page): void {
  const reserved =
    ui.header.offsetHeight + ui.banner.offsetHeight + ui.message.offsetHeight + ui.controls.offsetHeight;
  ui.reels.layout(Math.max(160, window.innerHeight - reserved - 32));
}

/** The best win of a spin in words: where (line or ways) and how many of which symbol. */
function describeWin({ state, language, t }: Page, outcome: SpinOutcomeJson): string {
  const best = [...outcome.wins].sort((a, b) => Number(BigInt(b.amount) - BigInt(a.amount)))[0];
  if (!best) return '';
  const symbol = state.game.symbols.find((candidate) => candidate.code === best.symbol);
  const name = symbol?.name[language] ?? best.symbol;
  const where =
    best.line !== undefined
      ? `${t('line', { line: best.line + 1 })} · `
      : best.ways !== undefined
        ? `${best.ways === 1 ? t('oneWay') : t('ways', { ways: best.ways })} · `
        : '';
  return `${where}${best.count} × ${name}`;
}

function showOutcome(p: Page, outcome: SpinOutcomeJson): void {
  const { ui, t, state } = p;
  const { message, reels } = ui;
  reels.element.setAttribute('aria-label', ui.describeGrid(outcome.grid));
  const won = BigInt(outcome.win) > 0n;
  ui.winMeter.querySelector('strong')!.textContent = moneyOf(p, outcome.win);
  if (outcome.freeSpinsAwarded > 0) {
    message.innerHTML = `<strong class="big">${t('freeSpinsWon', { spins: outcome.freeSpinsAwarded })}</strong>`;
  } else if (won) {
    message.innerHTML = `<strong class="big">${t('win')} ${moneyOf(p, outcome.win)}</strong><small>${describeWin(p, outcome)}</small>`;
  } else if (outcome.freeSpin && outcome.state === null) {
    message.textContent = '';
  } else {
    message.textContent = outcome.freeSpin ? '' : t('goodLuck');
  }
  if (outcome.freeSpin && outcome.state === null) {
    const total = BigInt(state.freeSpins?.win ?? '0') + BigInt(outcome.win);
    message.innerHTML = `<strong class="big">${t('freeSpinsTotal')}: ${moneyOf(p, total)}</strong>`;
  }
  if (won) {
    const lines = outcome.wins.flatMap((win) =>
      win.line !== undefined && state.game.lines ? [state.game.lines[win.line]!.slice(0, win.count)] : [],
    );
    reels.highlight(
      outcome.wins.flatMap((win) => win.cells),
      lines,
    );
  }
}

const pause = (p: Page, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, p.options.instant ? 0 : ms));

/** One spin at the server, animated; a refusal is said in a toast and stops autoplay. */
async function playOnce(p: Page): Promise<boolean> {
  const { state, options, launch } = p;
  const { reels } = p.ui;
  if (state.busy || state.closed) return false;
  const wasFree = state.freeSpins !== null;
  state.busy = true;
  reels.clearHighlight();
  refresh(p);
  try {
    const { outcome, balance } = await requestSpin(launch, (wasFree ? 0n : betOf(p)).toString());
    if (!options.instant) await reels.spinTo(outcome.grid, outcome.stops);
    else reels.show(outcome.grid);
    state.balance = balance;
    showOutcome(p, outcome);
    state.freeSpins = outcome.state;
    options.notifyBalance?.(balance);
    return true;
  } catch (error) {
    const code = error instanceof StudioError ? error.code : 'network';
    if (code === 'session_closed') state.closed = true;
    showToast(p, p.t(code));
    state.autoplayLeft = 0;
    return false;
  } finally {
    state.busy = false;
    refresh(p);
  }
}

/** One press: a paid spin (or the next free spin), then the free spins it leads to, one after another. */
async function play(p: Page): Promise<void> {
  if (!(await playOnce(p))) return;
  while (p.state.freeSpins && !p.state.closed) {
    await pause(p, FREE_SPIN_PAUSE_MS);
    if (!(await playOnce(p))) return;
  }
}

async function autoplay(p: Page): Promise<void> {
  const { state } = p;
  while (state.autoplayLeft > 0 && !state.closed) {
    state.autoplayLeft--;
    await play(p);
    refresh(p);
    if (state.autoplayLeft > 0) await pause(p, AUTOPLAY_PAUSE_MS);
  }
  state.autoplayLeft = 0;
  refresh(p);
}

/** Spin and autoplay (each also stops a running autoplay), the bet's steps, the paytable's sheet. */
function wireControls(p: Page): void {
  const { state, ui } = p;
  const { game } = state;
  const stopAutoplay = () => {
    if (state.autoplayLeft === 0) return false;
    state.autoplayLeft = 0;
    refresh(p);
    return true;
  };
  ui.spinButton.addEventListener('click', () => {
    if (!stopAutoplay()) void play(p);
  });
  ui.autoButton.addEventListener('click', () => {
    if (stopAutoplay()) return;
    state.autoplayLeft = AUTOPLAY_SPINS_MAX;
    void autoplay(p);
  });
  ui.betMinus.addEventListener('click', () => {
    state.betIndex = Math.max(0, state.betIndex - 1);
    refresh(p);
  });
  ui.betPlus.addEventListener('click', () => {
    state.betIndex = Math.min(game.betSteps.length - 1, state.betIndex + 1);
    refresh(p);
  });
  ui.infoButton.addEventListener('click', () => {
    const stake = state.freeSpins ? BigInt(state.freeSpins.bet) : betOf(p);
    ui.sheetBody.innerHTML = paytableHtml(game, stake, p.language, p.t);
    ui.sheet.hidden = false;
    ui.closeButton.focus();
  });
  ui.closeButton.addEventListener('click', () => {
    ui.sheet.hidden = true;
    ui.infoButton.focus();
  });
}

function buildPage(
  root: HTMLElement,
  launch: Launch,
  state: PageState,
  language: Language,
  t: Translate,
  options: PageOptions,
): void {
  const ui = buildDom(root, launch, state.game, language, t);
  const p: Page = { state, launch, language, t, options, ui };
  wireControls(p);
  window.addEventListener('resize', () => layout(p));
  refresh(p);
  layout(p);
}
