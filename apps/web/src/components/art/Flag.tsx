import type { ReactNode } from 'react';
import type { LocaleCode } from '../../lib/locales';

// Simplified flags of the 15 languages' countries, drawn on a 3:2 canvas. They are recognisable
// marks for the language picker, not heraldic reproductions.
const W = 30;
const H = 20;

function stripes(colors: readonly string[], vertical = false): ReactNode {
  const size = (vertical ? W : H) / colors.length;
  return colors.map((color, index) =>
    vertical ? (
      <rect key={color + String(index)} x={index * size} y={0} width={size} height={H} fill={color} />
    ) : (
      <rect key={color + String(index)} x={0} y={index * size} width={W} height={size} fill={color} />
    ),
  );
}

function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

const flags: Record<LocaleCode, () => ReactNode> = {
  pt_BR: () => (
    <>
      <rect width={W} height={H} fill="#009c3b" />
      <polygon points="15,2.5 27,10 15,17.5 3,10" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.6" fill="#002776" />
      <path d="M10.6 9.2q4.4-1.6 8.8 1.4" stroke="#fff" strokeWidth="0.8" fill="none" />
    </>
  ),
  en_US: () => (
    <>
      {stripes(['#b22234', '#fff', '#b22234', '#fff', '#b22234', '#fff', '#b22234'])}
      <rect width="13" height="10.8" fill="#3c3b6e" />
      {[2.5, 6.5, 10.5].flatMap((x) =>
        [2.5, 5.4, 8.3].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.8" fill="#fff" />),
      )}
    </>
  ),
  id_ID: () => stripes(['#ce1126', '#fff']),
  vi_VN: () => (
    <>
      <rect width={W} height={H} fill="#da251d" />
      <polygon points={star(15, 10.5, 6)} fill="#ffcd00" />
    </>
  ),
  nr_NR: () => stripes(['#008751', '#fff', '#008751'], true),
  ja_JP: () => (
    <>
      <rect width={W} height={H} fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </>
  ),
  ko_KR: () => (
    <>
      <rect width={W} height={H} fill="#fff" />
      <path d="M10 10a5 5 0 0 1 10 0a2.5 2.5 0 0 1-5 0a2.5 2.5 0 0 0-5 0z" fill="#cd2e3a" />
      <path d="M20 10a5 5 0 0 1-10 0a2.5 2.5 0 0 1 5 0a2.5 2.5 0 0 0 5 0z" fill="#0047a0" />
      <g stroke="#000" strokeWidth="1.1">
        <path d="M3.5 4.5l3-2.5M4.3 5.5l3-2.5M5.1 6.5l3-2.5" />
        <path d="M21.9 13.5l3 2.5M22.7 12.5l3 2.5M23.5 11.5l3 2.5" />
        <path d="M21.9 6.5l3-2.5M22.7 7.5l3-2.5M23.5 8.5l3-2.5" />
        <path d="M3.5 15.5l3 2.5M4.3 14.5l3 2.5M5.1 13.5l3 2.5" />
      </g>
    </>
  ),
  zh_CN: () => (
    <>
      <rect width={W} height={H} fill="#de2910" />
      <polygon points={star(5.5, 5.5, 3.2)} fill="#ffde00" />
      <polygon points={star(10.5, 2.5, 1)} fill="#ffde00" />
      <polygon points={star(12.5, 5, 1)} fill="#ffde00" />
      <polygon points={star(12.5, 8, 1)} fill="#ffde00" />
      <polygon points={star(10.5, 10.5, 1)} fill="#ffde00" />
    </>
  ),
  ru_RU: () => stripes(['#fff', '#0039a6', '#d52b1e']),
  de_DE: () => stripes(['#000', '#dd0000', '#ffce00']),
  es_ES: () => (
    <>
      <rect width={W} height={H} fill="#aa151b" />
      <rect y="5" width={W} height="10" fill="#f1bf00" />
    </>
  ),
  fr_FR: () => stripes(['#002395', '#fff', '#ed2939'], true),
  it_IT: () => stripes(['#009246', '#fff', '#ce2b37'], true),
  hi_IN: () => (
    <>
      {stripes(['#ff9933', '#fff', '#138808'])}
      <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.7" />
      <circle cx="15" cy="10" r="0.6" fill="#000080" />
    </>
  ),
  th_TH: () => (
    <>
      <rect width={W} height={H} fill="#a51931" />
      <rect y="3.33" width={W} height="13.33" fill="#f4f5f8" />
      <rect y="6.67" width={W} height="6.67" fill="#2d2a4a" />
    </>
  ),
};

export function Flag({ locale }: { locale: LocaleCode }) {
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" height="100%" aria-hidden="true" focusable="false">
      {flags[locale]()}
      <rect width={W} height={H} fill="none" stroke="#00000033" strokeWidth="0.6" />
    </svg>
  );
}
