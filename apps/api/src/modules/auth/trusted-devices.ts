import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { LoginSubject } from './login-throttle.ts';

/**
 * A device proves itself with a random secret cookie the server set at a successful login (HttpOnly, so page
 * scripts cannot read it), or with the client's own `deviceId` header (the apps send one on every call). Only
 * their hashes are stored, per account: a device is trusted for the accounts that have signed in from it.
 */
export const DEVICE_COOKIE = 'aposta_device';
const DEVICE_COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_ID_PATTERN = /^[\x21-\x7e]{8,128}$/;

export interface DeviceProof {
  /** The cookie's value when the request carried a well-formed one. */
  cookie: string | undefined;
  deviceId: string | undefined;
}

export function readDeviceProof(headers: Record<string, unknown>): DeviceProof {
  const cookieHeader = typeof headers.cookie === 'string' ? headers.cookie : '';
  const cookie = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const deviceId = typeof headers.deviceid === 'string' ? headers.deviceid : undefined;
  return {
    cookie: cookie && DEVICE_COOKIE_PATTERN.test(cookie) ? cookie : undefined,
    deviceId: deviceId && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : undefined,
  };
}

export const newDeviceCookie = () => randomBytes(32).toString('base64url');

function hashes(proof: DeviceProof): Buffer[] {
  const list: Buffer[] = [];
  if (proof.cookie) list.push(sha256(`cookie:${proof.cookie}`));
  if (proof.deviceId) list.push(sha256(`device:${proof.deviceId}`));
  return list;
}

export async function isTrustedDevice(
  db: Db,
  subject: LoginSubject,
  subjectId: bigint,
  proof: DeviceProof,
): Promise<boolean> {
  const known = hashes(proof);
  if (known.length === 0) return false;
  const row = await db
    .selectFrom('trusted_devices')
    .select('subject_id')
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .where('device_hash', 'in', known)
    .executeTakeFirst();
  return row !== undefined;
}

export async function trustDevice(
  db: Db,
  subject: LoginSubject,
  subjectId: bigint,
  proof: DeviceProof,
): Promise<void> {
  for (const deviceHash of hashes(proof)) {
    await db
      .insertInto('trusted_devices')
      .values({ subject, subject_id: subjectId, device_hash: deviceHash })
      .onConflict((oc) =>
        oc.columns(['subject', 'subject_id', 'device_hash']).doUpdateSet({ last_login_at: sql`now()` }),
      )
      .execute();
  }
}
