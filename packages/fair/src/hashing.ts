// Thin synchronous wrappers over @noble/hashes. The scheme always feeds hex TEXT (utf-8)
// to the hashes, never the decoded bytes, because that is what public verifiers do.
import type { _HMAC } from '@noble/hashes/hmac.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

type PreparedHmac = _HMAC<ReturnType<typeof sha256.create>>;

/** SHA-256 of the utf-8 text, as lowercase hex. */
export function sha256HexOfText(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** HMAC-SHA256 with utf-8 key and message, one-shot (for keys that change on every call). */
export function hmacSha256Text(keyText: string, messageText: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(keyText), utf8ToBytes(messageText));
}

// Bets under one server seed share the key, so the keyed inner/outer state is computed once and
// copied into one reused scratch instance per message (no new hash objects): about 2x faster, which
// matters when the server or a test derives many bets. Single-threaded JS makes the reuse safe.
let cachedKeyText: string | undefined;
let cachedKeyedHmac: PreparedHmac | undefined;
let scratchHmac: PreparedHmac | undefined;

/** Same result as hmacSha256Text, faster when called repeatedly with the same key. */
export function hmacSha256SameKey(keyText: string, messageText: string): Uint8Array {
  if (cachedKeyText !== keyText || cachedKeyedHmac === undefined) {
    cachedKeyedHmac = hmac.create(sha256, utf8ToBytes(keyText));
    cachedKeyText = keyText;
  }
  scratchHmac = cachedKeyedHmac._cloneInto(scratchHmac);
  return scratchHmac.update(utf8ToBytes(messageText)).digest();
}

export { bytesToHex };
