// The reel window: one column per reel, each a strip of symbol cells that slides down to its new stop.
import type { SlotGame, SymbolKind } from '@aposta/slots';
import { symbolSvg } from './art.ts';

/** Extra symbols each reel runs past before it stops; later reels run longer, so they stop one by one. */
const RUN_SYMBOLS = 14;
const RUN_SYMBOLS_PER_REEL = 4;
const SPIN_MS = 900;
const SPIN_MS_PER_REEL = 180;
/** Three-reel games would otherwise get huge cells on a wide screen. */
const CELL_PX_MAX = 112;

export type ReelView = {
  readonly element: HTMLElement;
  /** Shows these columns at once (symbol codes per reel, top row first). */
  show(grid: readonly (readonly string[])[]): void;
  /** Runs every reel to its stop and resolves once the last one has stopped. */
  spinTo(grid: readonly (readonly string[])[], stops: readonly number[]): Promise<void>;
  highlight(cells: readonly (readonly [number, number])[], lines: readonly (readonly number[])[]): void;
  clearHighlight(): void;
  /** Recomputes the cell size from the space available. */
  layout(maxHeightPx: number): void;
};

/** The HTML of a column of symbol cells; each symbol's art is drawn once. */
function symbolCells(game: SlotGame, ribbon: { wild: string; scatter: string }) {
  const kinds = new Map<string, SymbolKind>(game.symbols.map((symbol) => [symbol.code, symbol.kind]));
  const svgCache = new Map<string, string>();
  const svgOf = (code: string) => {
    let svg = svgCache.get(code);
    if (!svg) {
      svg = symbolSvg(code, kinds.get(code) ?? 'regular', game.colors, ribbon);
      svgCache.set(code, svg);
    }
    return svg;
  };
  return (codes: readonly string[]) =>
    codes.map((code) => `<div class="cell" data-symbol="${code}">${svgOf(code)}</div>`).join('');
}

/** The reel window's elements: one column with its strip per reel, and the paylines' overlay on top. */
function reelFrame(game: SlotGame) {
  const element = document.createElement('div');
  element.className = 'reels';
  element.style.setProperty('--reels', String(game.reels));
  const columns = Array.from({ length: game.reels }, (_, reel) => {
    const column = document.createElement('div');
    column.className = 'reel';
    column.dataset.reel = String(reel);
    const strip = document.createElement('div');
    strip.className = 'strip';
    column.append(strip);
    element.append(column);
    return strip;
  });
  const overlay = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  overlay.classList.add('paylines');
  overlay.setAttribute('aria-hidden', 'true');
  element.append(overlay);
  return { element, columns, overlay };
}

export function createReels(game: SlotGame, ribbon: { wild: string; scatter: string }): ReelView {
  const cellsHtml = symbolCells(game, ribbon);
  const { element, columns, overlay } = reelFrame(game);
  let cellPx = 64;
  let current: readonly (readonly string[])[] = game.strips.map((strip) => strip.slice(0, game.rows));
  const reduceMotion =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  const show = (grid: readonly (readonly string[])[]) => {
    current = grid;
    columns.forEach((strip, reel) => {
      strip.style.transition = 'none';
      strip.style.transform = 'translateY(0)';
      strip.innerHTML = cellsHtml(grid[reel] ?? []);
    });
  };

  const spinTo = (grid: readonly (readonly string[])[], stops: readonly number[]) => {
    const runs = columns.map((strip, reel) => {
      const reelStrip = game.strips[reel]!;
      const stop = stops[reel] ?? 0;
      const runLength = RUN_SYMBOLS + reel * RUN_SYMBOLS_PER_REEL;
      // The symbols that pass by are the strip's own, the ones below the new stop.
      const passing = Array.from(
        { length: runLength },
        (_, i) => reelStrip[(stop + game.rows + i) % reelStrip.length]!,
      );
      strip.style.transition = 'none';
      strip.innerHTML = cellsHtml([...(grid[reel] ?? []), ...passing, ...(current[reel] ?? [])]);
      strip.style.transform = `translateY(${-(runLength + game.rows) * cellPx}px)`;
      return { strip, durationMs: reduceMotion ? 80 : SPIN_MS + reel * SPIN_MS_PER_REEL };
    });
    void element.offsetHeight;
    return new Promise<void>((resolve) => {
      for (const { strip, durationMs } of runs) {
        strip.style.transition = `transform ${durationMs}ms cubic-bezier(0.25, 0.9, 0.3, 1.04)`;
        strip.style.transform = 'translateY(0)';
      }
      const longest = Math.max(...runs.map(({ durationMs }) => durationMs));
      setTimeout(() => {
        show(grid);
        resolve();
      }, longest + 40);
    });
  };

  const cellElement = (reel: number, row: number) => columns[reel]?.children[row] as HTMLElement | undefined;

  const highlight = (
    cells: readonly (readonly [number, number])[],
    lines: readonly (readonly number[])[],
  ) => {
    element.classList.add('has-win');
    for (const [reel, row] of cells) cellElement(reel, row)?.classList.add('hit');
    const width = game.reels * cellPx;
    overlay.setAttribute('viewBox', `0 0 ${width} ${game.rows * cellPx}`);
    overlay.innerHTML = lines
      .map((line) => {
        const points = line.map((row, reel) => `${(reel + 0.5) * cellPx},${(row + 0.5) * cellPx}`).join(' ');
        return `<polyline points="${points}" />`;
      })
      .join('');
  };

  const clearHighlight = () => {
    element.classList.remove('has-win');
    for (const cell of element.querySelectorAll('.hit')) cell.classList.remove('hit');
    overlay.innerHTML = '';
  };

  const layout = (maxHeightPx: number) => {
    // The stage's padding (16) and the frame's (12) and its outline (6) take their share of the width.
    const width = (element.parentElement?.clientWidth ?? 360) - 34;
    cellPx = Math.max(40, Math.floor(Math.min(width / game.reels, maxHeightPx / game.rows, CELL_PX_MAX)));
    element.style.setProperty('--cell', `${cellPx}px`);
    element.style.setProperty('--rows', String(game.rows));
  };

  show(current);
  return { element, show, spinTo, highlight, clearHighlight, layout };
}
