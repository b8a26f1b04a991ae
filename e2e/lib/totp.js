// RFC 6238 time-based one-time passwords (SHA-1, six digits, 30-second steps), as an
// authenticator app computes them, so a journey can sign in with the secret Hive showed.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of an RFC 4648 base32 text (padding and case ignored). */
function base32Bytes(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of text.toUpperCase().replace(/=+$/, '')) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of the base32 secret at time `at` (a Date), per RFC 4226 §5.3 and RFC 6238. */
export function totp(secret, at) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}
