import { useEffect, useRef } from 'react';
import { type CrashView, crashElapsedOf, displayedMultiplier } from './crash-logic';

const FRAME_MS = 33; // ~30 frames a second: smooth enough, light on a cheap phone

/**
 * The rising curve on a canvas, redrawn by requestAnimationFrame from the latest view (kept in a ref, so React
 * does not re-render 30 times a second), with the multiplier as text over it.
 */
export function CrashCurve({
  view,
  label,
  status,
}: {
  view: CrashView | undefined;
  label: string;
  status: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLOutputElement>(null);
  const latest = useRef(view);
  latest.current = view;

  useEffect(() => {
    let frame = 0;
    let last = 0;
    const draw = (time: number) => {
      frame = requestAnimationFrame(draw);
      if (time - last < FRAME_MS) return;
      last = time;
      const current = latest.current;
      const element = canvas.current;
      if (!element || !current) return;
      const multiplier = displayedMultiplier(current, Date.now());
      if (text.current) {
        text.current.textContent = current.phase === 'betting' ? '1.00×' : `${multiplier.toFixed(2)}×`;
        text.current.dataset.phase = current.phase;
      }
      paint(element, multiplier, current.phase);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div className="crash-stage">
      <canvas ref={canvas} className="crash-canvas" />
      <div className="crash-readout">
        <output ref={text} className="crash-multiplier" aria-label={label} data-phase={view?.phase}>
          1.00×
        </output>
        <p className="crash-status" aria-live="polite">
          {status}
        </p>
      </div>
    </div>
  );
}

function paint(canvas: HTMLCanvasElement, multiplier: number, phase: CrashView['phase']): void {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  if (phase === 'betting') return;
  // Axes grow with the round: at least 10 s and 2×, so the start is not a wall.
  const elapsed = crashElapsedOf(multiplier);
  const spanMs = Math.max(10_000, elapsed * 1.15);
  const top = Math.max(2, 1 + (multiplier - 1) * 1.2);
  const pad = 12;
  const x = (ms: number) => pad + (ms / spanMs) * (width - pad * 2);
  const y = (m: number) => height - pad - ((m - 1) / (top - 1)) * (height - pad * 2);
  const color = phase === 'crashed' ? '#e5484d' : '#22c55e';
  context.beginPath();
  context.moveTo(x(0), y(1));
  const steps = 40;
  for (let step = 1; step <= steps; step++) {
    const ms = (elapsed * step) / steps;
    context.lineTo(x(ms), y(Math.exp(0.00006 * ms)));
  }
  context.lineWidth = 3;
  context.strokeStyle = color;
  context.stroke();
  context.lineTo(x(elapsed), y(1));
  context.closePath();
  context.fillStyle = phase === 'crashed' ? 'rgba(229, 72, 77, 0.16)' : 'rgba(34, 197, 94, 0.16)';
  context.fill();
}
