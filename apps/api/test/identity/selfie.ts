import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../harness.ts';

/** A 320×320 JPEG of a drawn face, the selfie the API tests send (decision 0065). */
export const SELFIE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'selfie.jpg'));
/** A 120×120 JPEG: too small a face for the biometric check. */
export const TINY_SELFIE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'tiny.jpg'));

/** Uploads the test selfie as the player (POST /api/app/identity/selfie) and answers its id for updateKyc. */
export async function uploadSelfie(test: TestApp, token: string, jpeg: Buffer = SELFIE): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/app/identity/selfie',
    headers: { authorization: token },
    payload: { image: jpeg.toString('base64') },
  });
  if (response.statusCode !== 200) throw new Error(`selfie upload failed: ${response.body}`);
  return response.json().data.selfieId as string;
}
