import { centsToReais } from '@aposta/money';
import type { Db } from '../../db/connection.ts';
import { playerBalances } from '../ledger/ledger.service.ts';

/** The balances a reward's answer carries (`balance`, `freeBalance` in reais), read by the ledger's one reader. */
export async function balanceAnswer(db: Db, userId: bigint) {
  const { cashCents, bonusCents } = await playerBalances(db, userId);
  return { balance: centsToReais(cashCents), freeBalance: centsToReais(bonusCents) };
}
