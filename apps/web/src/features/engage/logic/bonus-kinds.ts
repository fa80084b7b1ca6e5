// The bonus history's kinds as the page names them. The server's kinds are its own words; an unknown one is
// shown as a plain "bonus" rather than a raw code.
export const bonusKinds = [
  'deposit',
  'signin',
  'vip',
  'gift',
  'increase',
  'discount',
  'adjust',
  'release',
  'activity',
] as const;
export type BonusKind = (typeof bonusKinds)[number] | 'other';

const aliases: Readonly<Record<string, BonusKind>> = {
  deposit_gift: 'deposit',
  gift_deposit: 'deposit',
  sign_in: 'signin',
  signIn: 'signin',
  vip_reward: 'vip',
  award: 'gift',
  activity_award: 'gift',
  bet_increase: 'increase',
  pay_discount: 'discount',
  admin_adjust: 'adjust',
  adjustment: 'adjust',
  wagering_release: 'release',
};

export function bonusKindKey(kind: string): BonusKind {
  if ((bonusKinds as readonly string[]).includes(kind)) return kind as BonusKind;
  return aliases[kind] ?? 'other';
}
