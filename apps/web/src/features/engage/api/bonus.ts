// GET /api/app/bonus: the query lives in lib (the deposit offers show its "falta apostar" too).
export { bonusQueryKey, useBonusState as useBonus } from '../../../lib/bonus-state';
