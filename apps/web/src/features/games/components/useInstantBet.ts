import type { GameCode, InstantBetAnswer } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { useActionKey } from '../../../lib/idempotency-key';
import { advanceSeeds, applyBalances, refreshBets } from '../api/settle';
import { useBetModes } from './useAutoBet';

/**
 * A single-player game's bets (dice, limbo): the manual bet (one key per action, reused by its retries) and the
 * auto-bet series (docs/decisions/0060), both settled the same way: the balance first (the result's animation
 * never holds it back), the seeds' next nonce, the history, then the page's result.
 */
export function useInstantBet<Body, Answer extends InstantBetAnswer>(options: {
  game: GameCode;
  /** The manual bet's call. */
  place(body: Body, idempotencyKey: string): Promise<Answer>;
  /** The series' call (silent: the panel says why a series stopped). */
  placeQuiet(body: Body, idempotencyKey: string): Promise<Answer>;
  /** The series' bet for a stake, with the page's current choices. */
  bodyFor(stakeCents: number): Body;
  onAnswer(answer: NoInfer<Answer>): void;
}) {
  const { game, place, placeQuiet, bodyFor, onAnswer } = options;
  const settle = (answer: Answer) => {
    applyBalances(answer);
    advanceSeeds(answer);
    refreshBets(game);
    onAnswer(answer);
  };
  const betKeys = useActionKey<Body>();
  const bet = useMutation({
    mutationFn: (input: Body) => place(input, betKeys.keyFor(input)),
    onSuccess(answer) {
      betKeys.settle();
      settle(answer);
    },
  });
  const modes = useBetModes((stakeCents, key) => placeQuiet(bodyFor(stakeCents), key), settle);
  return { bet, ...modes };
}
