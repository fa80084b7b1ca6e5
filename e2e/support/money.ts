import { expect } from 'vitest';

/** The API's answer envelope. */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

/** "R$ 1.234,56" → 1234.56 */
export function reais(text: string | null): number {
  return Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
}

/** The emulated payer's bank pays a charge (the in-process PSP emulator; its webhook then credits the order). */
export const payAtEmulator = (payNo: string) => `/api/pay/emulator/_emulator/cob/${payNo}/pay`;

/**
 * Funds the player with R$ 100 as a real deposit would: a PIX order (a cob at the in-process PSP emulator) paid by
 * the emulated payer's bank, whose webhook the API Pix adapter confirms and credits; resolves once the balance shows it.
 */
export async function deposit(baseUrl: string, token: string): Promise<void> {
  const headers = { Authorization: token, 'Content-Type': 'application/x-www-form-urlencoded' };
  const order = await fetch(`${baseUrl}/api/app/order/prePay/3`, {
    method: 'POST',
    headers,
    body: 'gift=0&pkgId=3&isapp=0',
  });
  const { data } = (await order.json()) as Envelope<{ payNo: string }>;
  const pay = await fetch(new URL(payAtEmulator(data.payNo), baseUrl), { method: 'POST' });
  expect(pay.status).toBe(200);
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${baseUrl}/api/app/user/getBalance`, {
          headers: { Authorization: token },
        });
        return ((await answer.json()) as Envelope<{ balance: number }>).data.balance;
      },
      { timeout: 20_000 },
    )
    .toBe(100);
}
