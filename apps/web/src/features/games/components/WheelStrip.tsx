import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../hooks';
import { restingPosition, spinStart, spinTarget, stripTiles } from '../logic/wheel';

export interface Spin {
  /** A new key starts a new spin. */
  key: string | number;
  roll: number;
}

/**
 * The double strip (DOUBLE_WHEEL_ORDER repeated). A new spin first moves, without motion, to the same
 * place in the second turn, then travels at least three turns to the rolled number under the marker.
 */
export function WheelStrip({
  spin,
  restingRoll,
  durationMs,
  onLanded,
}: {
  spin: Spin | undefined;
  /** Where the strip rests before any spin (the last result). */
  restingRoll: number | undefined;
  durationMs: number;
  onLanded?: (spin: Spin) => void;
}) {
  const { t } = useTranslation('games');
  const [position, setPosition] = useState(() => restingPosition(restingRoll ?? 0));
  const [moving, setMoving] = useState(false);
  const landed = useRef(onLanded);
  landed.current = onLanded;
  const positionRef = useRef(position);
  positionRef.current = position;

  useEffect(() => {
    if (!spin) return;
    // A little offset inside the tile, so the strip does not stop dead centre every time.
    const jitter = (Math.random() - 0.5) * 0.6;
    const target = spinTarget(positionRef.current, spin.roll) + jitter;
    if (prefersReducedMotion()) {
      setMoving(false);
      setPosition(restingPosition(spin.roll) + jitter);
      landed.current?.(spin);
      return;
    }
    setMoving(false);
    setPosition(spinStart(positionRef.current) + (positionRef.current % 1));
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        setMoving(true);
        setPosition(target);
      });
    });
    const done = setTimeout(() => {
      setMoving(false);
      setPosition(restingPosition(spin.roll) + jitter);
      landed.current?.(spin);
    }, durationMs + 50);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      clearTimeout(done);
    };
  }, [spin, durationMs]);

  useEffect(() => {
    if (spin || restingRoll === undefined) return;
    setPosition(restingPosition(restingRoll));
  }, [spin, restingRoll]);

  return (
    <div className="wheel" role="img" aria-label={t('double.wheel')}>
      <div
        className="wheel-strip"
        style={{
          transform: `translateX(calc(-1 * ${position + 0.5} * var(--wheel-tile)))`,
          transition: moving ? `transform ${durationMs}ms cubic-bezier(0.12, 0.75, 0.2, 1)` : 'none',
        }}
      >
        {stripTiles.map((tile) => (
          <span key={tile.key} className={`wheel-tile color-${tile.color}`}>
            {tile.roll === 0 ? '★' : tile.roll}
          </span>
        ))}
      </div>
      <span className="wheel-marker" aria-hidden="true" />
    </div>
  );
}
