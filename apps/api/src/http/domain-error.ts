/**
 * Errors that services throw. They carry a stable code and a message key; only the HTTP layer turns them into
 * the error catalogue of api-contract section 2. Services never throw HTTP errors.
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
  | 'ACCOUNT_REFUSED';

export type MessageParams = Record<string, string | number>;

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

/** The error catalogue: HTTP status and body status per domain code. */
export const ERROR_CATALOGUE: Record<DomainErrorCode, { http: number; status: number }> = {
  INVALID_INPUT: { http: 400, status: 400 },
  UNAUTHORIZED: { http: 401, status: 40101 },
  NOT_FOUND: { http: 404, status: 404 },
  CONFLICT: { http: 409, status: 409 },
  FORBIDDEN: { http: 403, status: 403 },
  RATE_LIMITED: { http: 429, status: 429 },
  INSUFFICIENT_FUNDS: { http: 500, status: 9999 },
  WITHDRAWAL_REFUSED: { http: 500, status: 9999 },
  ACCOUNT_REFUSED: { http: 500, status: 1403 },
};
