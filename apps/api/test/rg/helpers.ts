import { diceRoll } from '@aposta/fair';
import { expect } from 'vitest';
import { completeCpf } from '../../../../packages/brazil/src/test-generators.ts';
import { rgClock } from '../../src/modules/rg/rg.service.ts';
import { secretServerSeed } from '../games/helpers.ts';
import type { TestApp } from '../harness.ts';
import { uploadSelfie } from '../identity/selfie.ts';
import { call, type Player } from '../wallet/helpers.ts';

/** Shared helpers of the responsible-gambling tests: the clock, bets with a known outcome, CPFs. */

let shiftMs = 0;
/** Moves the responsible-gambling clock forward (pending limits, sessions, exclusions); `resetClock` undoes it. */
export function advanceClock(ms: number): void {
  shiftMs += ms;
  rgClock.now = () => new Date(Date.now() + shiftMs);
}
export function resetClock(): void {
  shiftMs = 0;
  rgClock.now = () => new Date();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A dice bet whose outcome the test chooses: the roll is known in advance from the secret seed. */
export async function diceBet(test: TestApp, player: Player, amount: string, outcome: 'lose' | 'win') {
  const secret = await secretServerSeed(test, player);
  const roll = diceRoll({ ...secret });
  // Roll under 50 wins "under 50" and loses "over 50" (and the other way round).
  const lowRoll = roll < 50;
  const direction = (outcome === 'win') === lowRoll ? 'under' : 'over';
  return call(test, 'POST', '/api/app/game/dice/bet', player.token, { amount, target: 50, direction });
}

let cpfCounter = 0;
/**
 * A valid CPF no other test used, whose first digit picks the identity emulator's answer (decision 0065): 0..3
 * clean, 4 spoofed selfie, 5 no face on record, 6 another face, 7 another name, 8 CPF not regular, 9 another birth date.
 */
export function freshCpf(first: '1' | '4' | '5' | '6' | '7' | '8' | '9' = '1'): string {
  cpfCounter += 1;
  const middle = `${process.pid % 10_000}${cpfCounter}`.padStart(8, '0').slice(-8);
  const base = `${first}${middle}`;
  // All-same digits are invalid CPFs; the counter makes that impossible after the first digit anyway.
  return completeCpf(base);
}

/** Submits KYC for the player with a selfie (clean: approved at once under br-licensed). */
export async function passKyc(
  test: TestApp,
  player: Player,
  fields: { cpf?: string; birthDate?: string; name?: string } = {},
) {
  const cpf = fields.cpf ?? freshCpf();
  const answer = await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
    name: fields.name ?? 'Maria da Silva',
    cardNo: cpf,
    birthDate: fields.birthDate ?? '1990-05-17',
    // The selfie with liveness the identity check compares (required under br-licensed, decision 0065).
    selfieId: await uploadSelfie(test, player.token),
  });
  expect(answer.http, answer.message).toBe(200);
  return cpf;
}
