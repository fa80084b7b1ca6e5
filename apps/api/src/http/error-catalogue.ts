import type { DomainErrorCode } from '../lib/domain-error.ts';

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
  FACE_CHECK_DUE: { http: 403, status: 40301 },
};
