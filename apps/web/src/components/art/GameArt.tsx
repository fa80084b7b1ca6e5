import type { ReactNode } from 'react';

// Cover art for the in-house games, drawn here. Unknown game types get a neutral card.
const covers: Record<string, () => ReactNode> = {
  dice: () => (
    <>
      <rect x="14" y="14" width="36" height="36" rx="8" fill="#ff6b7a" transform="rotate(-10 32 32)" />
      <g fill="#fff" transform="rotate(-10 32 32)">
        <circle cx="23" cy="23" r="3.5" />
        <circle cx="32" cy="32" r="3.5" />
        <circle cx="41" cy="41" r="3.5" />
      </g>
    </>
  ),
  mines: () => (
    <>
      <polygon points="32,10 50,26 32,54 14,26" fill="#20c9e0" />
      <polygon points="32,10 40,26 32,54 24,26" fill="#7de8f5" />
      <path d="M14 26h36" stroke="#0b1426" strokeWidth="2" />
    </>
  ),
  limbo: () => (
    <>
      <path d="M10 52C26 50 40 38 52 12" stroke="#2ee59d" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="52" cy="12" r="5" fill="#ffd23f" />
    </>
  ),
  luckyColor: () => (
    <>
      <path d="M32 32 32 10A22 22 0 0 1 51 43z" fill="#2ee59d" />
      <path d="M32 32 51 43A22 22 0 0 1 13 43z" fill="#ff6b7a" />
      <path d="M32 32 13 43A22 22 0 0 1 32 10z" fill="#b06cff" />
      <circle cx="32" cy="32" r="6" fill="#0b1426" />
    </>
  ),
  rowDouble: () => (
    <g>
      <rect x="6" y="22" width="14" height="20" rx="3" fill="#ff6b7a" />
      <rect x="25" y="22" width="14" height="20" rx="3" fill="#eef3ff" />
      <rect x="44" y="22" width="14" height="20" rx="3" fill="#1b2b4b" stroke="#9fb2d4" />
    </g>
  ),
  double: () => (
    <>
      <circle cx="32" cy="32" r="22" fill="#1b2b4b" stroke="#9fb2d4" strokeWidth="2" />
      <path d="M32 32V10A22 22 0 0 1 54 32z" fill="#ff6b7a" />
      <path d="M32 32H10A22 22 0 0 1 32 10z" fill="#eef3ff" />
      <path d="M32 32V54A22 22 0 0 1 10 32z" fill="#ff6b7a" />
      <circle cx="32" cy="32" r="5" fill="#ffd23f" />
    </>
  ),
};

export function GameArt({ gameType }: { gameType: string }) {
  const cover = covers[gameType];
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#13203a" />
      {cover ? cover() : <circle cx="32" cy="32" r="14" fill="#6c8cff" />}
    </svg>
  );
}
