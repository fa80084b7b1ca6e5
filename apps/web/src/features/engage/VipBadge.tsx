import { useId } from 'react';
import { levelArtIndex } from './logic/vip-progress';

// The VIP level art: the project's own, drawn here. Each level has its metal and its number of stars;
// spec.md section 9: an index above 23 falls back to the first image.
const metals: readonly [string, string][] = [
  ['#8a9bb8', '#c9d4e8'], // 1 steel
  ['#b06a3b', '#e9a878'], // 2 bronze
  ['#8d97a6', '#e6ebf2'], // 3 silver
  ['#c99a12', '#ffe27a'], // 4 gold
  ['#1c8f78', '#6ff0cf'], // 5 jade
  ['#2f6fd8', '#8fc0ff'], // 6 sapphire
  ['#7b3fd1', '#c9a2ff'], // 7 amethyst
  ['#c2334d', '#ff9aa5'], // 8 ruby
  ['#0e9fb8', '#a4f3ff'], // 9 diamond
  ['#3b3f4a', '#b8c0d0'], // 10 obsidian
  ['#d4a017', '#fff3b0'], // 11 crown
];

function metalOf(index: number): [string, string] {
  return metals[(index - 1) % metals.length] ?? metals[0] ?? ['#8a9bb8', '#c9d4e8'];
}

export function VipBadge({ level, label }: { level: number; label?: string }) {
  const gradient = useId();
  const index = levelArtIndex(level);
  const [dark, light] = metalOf(index);
  const stars = Math.min(5, Math.ceil(index / 2.2));
  const starX = (position: number) => 32 + (position - (stars - 1) / 2) * 9;
  return (
    <svg
      viewBox="0 0 64 64"
      className="vip-badge"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <path
        d="M32 4 L56 13 V31 C56 46 45 56 32 61 C19 56 8 46 8 31 V13 Z"
        fill={`url(#${gradient})`}
        stroke={light}
        strokeWidth="2"
      />
      <path d="M32 10 L50 17 V31 C50 42 42 50 32 54 C22 50 14 42 14 31 V17 Z" fill="rgb(0 0 0 / 0.22)" />
      {index >= 11 ? (
        <path d="M20 8 L26 14 L32 5 L38 14 L44 8 L42 18 H22 Z" fill="#fff3b0" stroke={dark} />
      ) : null}
      <text
        x="32"
        y="40"
        textAnchor="middle"
        fontSize="20"
        fontWeight="800"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {index}
      </text>
      {Array.from({ length: stars }, (_, position) => starX(position)).map((x) => (
        <circle key={x} cx={x} cy="48" r="2.2" fill={light} />
      ))}
    </svg>
  );
}
