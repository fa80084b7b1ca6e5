import { useEffect, useState } from 'react';
import { create } from 'zustand';

// After a reset code is sent the button waits 3 minutes (spec.md section 9: 180000 ms). The
// deadline outlives the popup, so closing and reopening it does not allow an early resend.
export const resendCooldownMs = 180_000;

const useCooldown = create<{ availableAt: number }>(() => ({ availableAt: 0 }));

export function startResendCooldown(now = Date.now()): void {
  useCooldown.setState({ availableAt: now + resendCooldownMs });
}

/** Milliseconds left before a new code may be sent; 0 when sending is allowed. */
export function useResendRemaining(): number {
  const availableAt = useCooldown((state) => state.availableAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (availableAt <= Date.now()) {
      setNow(Date.now());
      return;
    }
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= availableAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [availableAt]);
  return Math.max(0, availableAt - now);
}
