import { expect } from 'vitest';
import { CAPTCHA_BYPASS, type TestApp, uniqueEmail } from '../harness.ts';
import { call, type Player } from './helpers.ts';

/** A player registered under br-licensed, with the limits and data its registration asks for (decision 0055). */
export async function brPlayer(test: TestApp): Promise<Player> {
  const username = uniqueEmail();
  const answer = await call(test, 'POST', '/api/auth/user/restRegister', undefined, {
    username,
    pwd: 'segredo123',
    pwd1: 'segredo123',
    codeId: 1,
    captCode: CAPTCHA_BYPASS,
    depositMonth: '5000',
    lossMonth: '5000',
    sessionMinutes: 240,
    gender: 'undisclosed',
    addressLine: 'Rua A, 1',
    city: 'Recife',
    state: 'PE',
    postalCode: '50000-000',
  });
  expect(answer.http, answer.message).toBe(200);
  const token = answer.data.access_token as string;
  const info = await call(test, 'GET', '/api/app/user/userInfo', token);
  return { token, username, uId: info.data.uId, userId: BigInt(info.data.uId) };
}
