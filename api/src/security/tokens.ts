import { createHash, createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';

// Random values (the nonce of a signed anti-forgery token, a session id, an anonymous cookie made by the server) are
// taken from a pool filled from the CSPRNG 4 KB at a time, each byte handed out once, as Node's own
// randomUUID does, instead of one call into OpenSSL per value.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** `count` fresh random bytes (a copy: nobody else gets them). */
function randomBytesPooled(count: number): Buffer {
  if (count > pool.length) return randomFillSync(Buffer.alloc(count));
  if (poolAt + count > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolAt, poolAt + count));
  // spent bytes are zeroed, so the pool never holds a value already handed out
  pool.fill(0, poolAt, poolAt + count);
  poolAt += count;
  return bytes;
}

/** `bytes` random bytes as base64url: 32 bytes (256 bits) for session ids and reset tokens. */
export function randomToken(bytes = 32): string {
  return randomBytesPooled(bytes).toString('base64url');
}

/**
 * SHA-256 hex: what the database keeps of a session id or reset token, so a leaked table opens nothing; the digest by
 * which a release's files are pinned (decision 039).
 */
export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time comparison of two strings (length differences leak only the length). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
