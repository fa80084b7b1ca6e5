import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

// ~49,000 passwords most seen in public breaches (zxcvbn-ts's list, offline), compared without case: "Senha123" is
// as guessable as "senha123".
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export type PasswordProblem = 'auth.password_length' | 'auth.password_common';

/** Why a new password (player or operator) is refused, or null: 8..64 characters and not a common one. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'auth.password_length';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'auth.password_common';
  return null;
}
