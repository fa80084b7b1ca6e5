// The 36 player avatars (indices 0-35), drawn here rather than downloaded: a background colour
// from a 12-colour palette crossed with 3 characters (hair style, skin tone and expression).
export const avatarCount = 36;

const backgrounds = [
  '#2ee59d',
  '#ffd23f',
  '#ff6b7a',
  '#6c8cff',
  '#b06cff',
  '#ff9f43',
  '#20c9e0',
  '#f368e0',
  '#7bed9f',
  '#ffbe76',
  '#70a1ff',
  '#eccc68',
] as const;
const skins = ['#f6d0b1', '#d9a47e', '#a8714f', '#6f4a33'] as const;
const hairs = ['#2d1e12', '#5b3a1e', '#121212', '#c98b2b'] as const;

export function avatarIndex(value: unknown): number {
  const index = typeof value === 'string' ? Number(value) : value;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < avatarCount
    ? index
    : 0;
}

function Hair({ style, color }: { style: number; color: string }) {
  if (style === 0)
    return <path d="M18 29c0-9 6-15 14-15s14 6 14 15c-3-4-8-6-14-6s-11 2-14 6z" fill={color} />;
  if (style === 1) {
    return (
      <>
        <path d="M17 31c0-10 7-17 15-17s15 7 15 17l-3 8-2-11c-5 2-15 2-20 0l-2 11z" fill={color} />
        <circle cx="32" cy="12" r="4" fill={color} />
      </>
    );
  }
  return <path d="M19 27l4-9 5 4 4-7 4 7 5-4 4 9c-4-2-9-3-13-3s-9 1-13 3z" fill={color} />;
}

export function Avatar({ index, size = '100%' }: { index: number; size?: string }) {
  const safe = avatarIndex(index);
  const background = backgrounds[safe % backgrounds.length]!;
  const style = Math.floor(safe / backgrounds.length);
  const skin = skins[safe % skins.length]!;
  const hair = hairs[(safe + style) % hairs.length]!;
  const smile = safe % 2 === 0;
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="32" fill={background} />
      <path d="M12 64c2-12 10-18 20-18s18 6 20 18z" fill="#0b1426" opacity="0.85" />
      <circle cx="32" cy="32" r="13" fill={skin} />
      <Hair style={style} color={hair} />
      <circle cx="27" cy="32" r="1.8" fill="#0b1426" />
      <circle cx="37" cy="32" r="1.8" fill="#0b1426" />
      {smile ? (
        <path d="M27 37q5 4 10 0" stroke="#0b1426" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      ) : (
        <path d="M28 38h8" stroke="#0b1426" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}
