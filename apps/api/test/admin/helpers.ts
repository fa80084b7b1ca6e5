import type { OperatorRole } from '@aposta/contract';
import { expect } from 'vitest';
import type { Config } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { call } from '../wallet/helpers.ts';

/** Shared helpers of the back office tests: the app with its owner, operators of each role, calls. */

export const OWNER = { username: 'owner@aposta.dev', password: 'owner-secret-12345' };

export interface Operator {
  id: number;
  username: string;
  password: string;
  token: string;
}

export async function createAdminApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp({
    adminUsername: OWNER.username,
    adminPassword: OWNER.password,
    withdrawalReview: true,
    ...overrides,
  });
}

export async function login(test: TestApp, username: string, password: string, totp?: string) {
  return call(test, 'POST', '/api/admin/auth/login', undefined, {
    username,
    password,
    ...(totp ? { totp } : {}),
  });
}

export async function ownerToken(test: TestApp): Promise<string> {
  const answer = await login(test, OWNER.username, OWNER.password);
  expect(answer.http).toBe(200);
  return answer.data.access_token;
}

let counter = 0;
/** Creates an operator with these roles through the API (as the owner) and signs it in. */
export async function newOperator(test: TestApp, owner: string, roles: OperatorRole[]): Promise<Operator> {
  counter += 1;
  const username = `op${counter}-${roles.join('-')}`.slice(0, 50);
  const password = `password-${counter}-long-enough`;
  const created = await call(test, 'POST', '/api/admin/operators', owner, { username, password, roles });
  expect(created.http, created.message).toBe(200);
  const signedIn = await login(test, username, password);
  expect(signedIn.http).toBe(200);
  return { id: created.data.id, username, password, token: signedIn.data.access_token };
}

export { call };

let cpfCounter = 100_000_000 + Math.floor(Math.random() * 800_000_000);
/** A fresh valid CPF (check digits computed), so that no two players share a PIX key by accident. */
export function freshCpf(): string {
  cpfCounter += 7;
  const base = String(cpfCounter).slice(0, 9).split('').map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}
