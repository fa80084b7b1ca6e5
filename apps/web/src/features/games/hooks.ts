import { useEffect, useState } from 'react';
import { amountForApi, decimalSeparator, formatAmountInput, parseAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { useUserInfo } from '../../lib/user-info';
import {
  type AmountLimits,
  amountProblem,
  defaultAmountLimits,
  doubleCents,
  halfCents,
  maxStakeCents,
  reaisToCents,
} from './logic/amount';

export function useLocale() {
  return usePrefs((state) => state.locale);
}

/** The clock, ticking every `intervalMs` while `enabled`. */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

/** What the player can stake: cash first, then bonus (the server takes the stake in that order). */
export function useSpendableCents(): number | undefined {
  const { data: user } = useUserInfo();
  if (!user) return undefined;
  // Each figure to centavos, then the sum: reais added as floats are not whole centavos (0.1 + 0.2).
  return reaisToCents(user.balance ?? 0) + reaisToCents(user.freeBalance ?? 0);
}

export interface AmountState {
  text: string;
  setText(text: string): void;
  cents: number | undefined;
  /** "12.50" for the API, when the amount is valid. */
  apiAmount: string | undefined;
  problem: ReturnType<typeof amountProblem>;
  limits: AmountLimits;
  half(): void;
  double(): void;
  min(): void;
  max(): void;
}

/** The stake field's state, in the language's decimal separator; ½, 2×, min and max stay in the limits. */
export function useAmount(initialCents = 100, limits = defaultAmountLimits): AmountState {
  const locale = useLocale();
  const separator = decimalSeparator(locale);
  const spendable = useSpendableCents();
  const [text, setText] = useState(() => formatAmountInput(BigInt(initialCents), separator));
  const typed = parseAmountInput(text, separator);
  const cents = typed === undefined ? undefined : Number(typed);
  const problem = amountProblem(cents, limits);
  const set = (value: number) => setText(formatAmountInput(BigInt(value), separator));
  return {
    text,
    setText,
    cents,
    apiAmount: problem === undefined && typed !== undefined ? amountForApi(typed) : undefined,
    problem,
    limits,
    half: () => set(halfCents(cents ?? limits.minCents, limits)),
    double: () => set(doubleCents(cents ?? limits.minCents, limits)),
    min: () => set(limits.minCents),
    max: () => set(maxStakeCents(limits, spendable)),
  };
}

/** Reduced motion: skip the travel, show the end state. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
