// The paytable and rules sheet: every symbol's pays at the current bet, the lines, the free spins, the rules.
import type { SlotGame } from '@aposta/slots';
import { symbolSvg } from './art.ts';
import type { Language, Translate } from './i18n.ts';
import { formatCentavos, payAtBet } from './money.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );
}

function lineDiagram(game: SlotGame, line: readonly number[], index: number, t: Translate): string {
  const cell = 10;
  const dots = Array.from({ length: game.reels * game.rows }, (_, i) => {
    const reel = Math.floor(i / game.rows);
    const row = i % game.rows;
    const on = line[reel] === row;
    return `<rect x="${reel * cell + 1}" y="${row * cell + 1}" width="${cell - 2}" height="${cell - 2}" rx="2" class="${on ? 'on' : ''}"/>`;
  }).join('');
  return `<figure class="line-diagram"><svg viewBox="0 0 ${game.reels * cell} ${game.rows * cell}" aria-hidden="true">${dots}</svg><figcaption>${t('line', { line: index + 1 })}</figcaption></figure>`;
}

export function paytableHtml(game: SlotGame, bet: bigint, language: Language, t: Translate): string {
  const ribbon = { wild: t('wild'), scatter: t('scatter') };
  const rows = game.symbols
    .map((symbol) => {
      const pays = game.paytable
        .filter((row) => row.symbol === symbol.code)
        .sort((a, b) => b.count - a.count)
        .map(
          (row) =>
            `<li><b>${row.count}×</b> ${formatCentavos(payAtBet(row.coins, bet, game.betCoins), language)}</li>`,
        )
        .join('');
      const note =
        symbol.kind === 'scatter'
          ? t('anywhere')
          : symbol.kind === 'wild'
            ? t('substitutes')
            : game.kind === 'ways'
              ? t('perWay')
              : '';
      return `<div class="pay-row">
        <div class="pay-symbol">${symbolSvg(symbol.code, symbol.kind, game.colors, ribbon)}</div>
        <div class="pay-text"><strong>${escapeHtml(symbol.name[language])}</strong>${note ? `<small>${note}</small>` : ''}
        <ul>${pays}</ul></div></div>`;
    })
    .join('');
  const lines =
    game.kind === 'lines' && game.lines
      ? `<h3>${t('lines')}</h3><div class="line-grid">${game.lines.map((line, i) => lineDiagram(game, line, i, t)).join('')}</div>`
      : '';
  const rules = game.rules[language]
    .split('\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');
  const percent = (game.rtp * 100).toLocaleString(language === 'pt_BR' ? 'pt-BR' : 'en-US', {
    maximumFractionDigits: 2,
  });
  const maxWin = game.maxWinTimesBet.toLocaleString(language === 'pt_BR' ? 'pt-BR' : 'en-US', {
    maximumFractionDigits: 2,
  });
  return `<h2>${t('paytable')}</h2>
    <p class="hint">${t('paysAtBet', { bet: formatCentavos(bet, language) })}</p>
    <div class="pay-list">${rows}</div>
    ${lines}
    <h3>${t('rules')}</h3>
    <dl class="facts">
      <dt>${t('rtp')}</dt><dd>${percent}%</dd>
      <dt>${t('volatility')}</dt><dd>${t(game.volatility)}</dd>
      <dt>${t('maxWin')}</dt><dd>${maxWin}×</dd>
    </dl>
    ${rules}`;
}
