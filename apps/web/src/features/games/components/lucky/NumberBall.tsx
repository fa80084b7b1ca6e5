import { luckyColorsOf } from '../../logic/lucky';

/** A drawn number 0–9 as a ball in its colours (0 and 5 are two-coloured). */
export function NumberBall({ number, size = 'normal' }: { number: number; size?: 'normal' | 'large' }) {
  const colors = luckyColorsOf(number);
  return (
    <span className={`ball ball-${size} ${colors.map((color) => `ball-${color}`).join(' ')}`}>{number}</span>
  );
}
