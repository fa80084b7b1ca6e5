import type { DecimalParam, MoneyParam } from './messages.ts';

/**
 * Errors that services throw. They carry a stable code and a message key; only the HTTP layer turns them into
 * the error catalogue of api-contract section 2 (http/error-catalogue.ts). Services never throw HTTP errors.
 */
export type DomainErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** An operator without the role the call needs (api-contract section 2: operator calls only). */
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'INSUFFICIENT_FUNDS'
  /** A withdrawal refused by one of its own checks (spec.md section 5): answered like insufficient funds. */
  | 'WITHDRAWAL_REFUSED'
  | 'ACCOUNT_REFUSED'
  /** A fresh face check is due (decision 0068): money calls wait for it. */
  | 'FACE_CHECK_DUE';

/** Message params: text as it is, numbers and amounts formatted in the caller's language (lib/messages.ts). */
export type MessageParams = Record<string, string | number | MoneyParam | DecimalParam>;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly messageKey: string;
  readonly params: MessageParams;
  readonly data: unknown;

  constructor(code: DomainErrorCode, messageKey: string, params: MessageParams = {}, data: unknown = null) {
    super(`${code}: ${messageKey}`);
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.data = data;
  }
}

export const invalidInput = (messageKey: string, params?: MessageParams) =>
  new DomainError('INVALID_INPUT', messageKey, params);
export const notFound = (messageKey = 'error.not_found') => new DomainError('NOT_FOUND', messageKey);
export const conflict = (messageKey: string, params?: MessageParams, data?: unknown) =>
  new DomainError('CONFLICT', messageKey, params, data);
export const forbidden = (messageKey = 'admin.forbidden') => new DomainError('FORBIDDEN', messageKey);
export const unauthorized = (messageKey = 'auth.unauthorized') => new DomainError('UNAUTHORIZED', messageKey);
export const rateLimited = (messageKey = 'error.rate_limited', params?: MessageParams) =>
  new DomainError('RATE_LIMITED', messageKey, params);
export const insufficientFunds = () => new DomainError('INSUFFICIENT_FUNDS', 'wallet.insufficient_funds');
export const accountRefused = (messageKey = 'auth.account_blocked') =>
  new DomainError('ACCOUNT_REFUSED', messageKey);
