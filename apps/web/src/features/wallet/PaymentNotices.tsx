/** Under a deposit form: what went wrong (the player's own mistake or the payment's), else the payment's news. */
export function PaymentNotices({ problem, notice }: { problem: string; notice: string }) {
  if (problem)
    return (
      <p className="wallet-problem" role="alert">
        {problem}
      </p>
    );
  if (notice)
    return (
      <p className="wallet-ok" role="status">
        {notice}
      </p>
    );
  return null;
}
