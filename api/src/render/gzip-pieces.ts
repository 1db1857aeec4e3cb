import { constants, crc32, deflateRawSync } from 'node:zlib';

// A gzip member whose static pieces were compressed once and whose per-request pieces (a nonce, a token: a few dozen
// bytes) go in as stored blocks. Each static piece is a raw deflate stream ended by a sync flush, so it stops on a
// byte boundary without a final block; any number of such streams and stored blocks, one after another, form a valid
// deflate stream, which an empty final stored block ends (RFC 1951 §3.2.4). The gzip trailer needs the CRC-32 of the
// whole uncompressed text: each static piece's CRC is known in advance, and the CRC of a concatenation follows from
// its parts' CRCs and lengths (zlib's crc32_combine, below), so a request never runs a CRC over the static bytes.

const poly = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (bit-reflected, as zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ poly : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (bit 31 is x^0, bit 30 is x^1). */
const x2n: number[] = [];
{
  let p = 0x40000000;
  x2n.push(p);
  for (let k = 1; k < 32; k++) {
    p = multModP(p, p);
    x2n.push(p);
  }
}

/** The operator that appends `length` bytes to a CRC: x^(8·length) modulo the polynomial (zlib's x2nmodp(n, 3)). */
export function crcShift(length: number): number {
  let p = 0x80000000;
  let k = 3;
  let n = length;
  while (n > 0) {
    if (n & 1) p = multModP(x2n[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and the shift operator of B's length. */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const finalBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const maxStored = 0xffff;

/** `data` as stored (uncompressed) deflate blocks, starting and ending on a byte boundary. */
export function storedBlocks(data: Buffer): Buffer {
  const count = Math.max(1, Math.ceil(data.length / maxStored));
  const out = Buffer.allocUnsafe(data.length + 5 * count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const chunk = data.subarray(i * maxStored, (i + 1) * maxStored);
    out[at] = 0x00;
    out.writeUInt16LE(chunk.length, at + 1);
    out.writeUInt16LE(~chunk.length & 0xffff, at + 3);
    chunk.copy(out, at + 5);
    at += 5 + chunk.length;
  }
  return out;
}

/** One static piece: its bytes, their deflate stream (sync-flushed), CRC and shift operator. */
interface StaticPiece {
  raw: Buffer;
  deflated: Buffer;
  crc: number;
  shift: number;
}

/**
 * A text made of static pieces with per-request values between them: `pieces[0] values[0] pieces[1] … pieces[n]`.
 * `plain` and `gzip` assemble the answer for one request's values.
 *
 * @example
 * const text = pieceTemplate(['<p nonce="', '">hola</p>'])
 * text.gzip([Buffer.from(nonce)]) // a gzip member that gunzips to `<p nonce="…">hola</p>`
 */
export function pieceTemplate(pieces: readonly string[]) {
  const parts: StaticPiece[] = pieces.map((text) => {
    const raw = Buffer.from(text, 'utf8');
    return {
      raw,
      deflated: raw.length === 0 ? Buffer.alloc(0) : deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(raw),
      shift: crcShift(raw.length),
    };
  });
  const rawLength = parts.reduce((sum, part) => sum + part.raw.length, 0);
  const deflatedLength = parts.reduce((sum, part) => sum + part.deflated.length, 0);

  return {
    /** Bytes of the static pieces, uncompressed. */
    rawLength,
    /** The uncompressed text with `values` in place (one fewer value than pieces). */
    plain(values: readonly Buffer[]): Buffer {
      let length = rawLength;
      for (let i = 0; i < parts.length - 1; i++) length += values[i]!.length;
      const out = Buffer.allocUnsafe(length);
      let at = 0;
      for (let i = 0; i < parts.length; i++) {
        at += parts[i]!.raw.copy(out, at);
        if (i < parts.length - 1) at += values[i]!.copy(out, at);
      }
      return out;
    },
    /**
     * The gzip member of the text with `values` in place. Equal values (the nonce appears many times) may be passed as
     * the same Buffer: their stored blocks are built once.
     */
    gzip(values: readonly Buffer[]): Buffer {
      const blocks = new Map<Buffer, { block: Buffer; crc: number }>();
      const dynamic = values.slice(0, parts.length - 1).map((value) => {
        let known = blocks.get(value);
        if (!known) {
          known = { block: storedBlocks(value), crc: crc32(value) };
          blocks.set(value, known);
        }
        return known;
      });
      let length = gzipHeader.length + deflatedLength + finalBlock.length + 8;
      let size = rawLength;
      for (let i = 0; i < dynamic.length; i++) {
        length += dynamic[i]!.block.length;
        size += values[i]!.length;
      }
      const out = Buffer.allocUnsafe(length);
      let at = gzipHeader.copy(out, 0);
      let crc = 0;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i]!;
        at += part.deflated.copy(out, at);
        crc = crcCombine(crc, part.crc, part.shift);
        if (i < dynamic.length) {
          const value = values[i]!;
          at += dynamic[i]!.block.copy(out, at);
          // a value is a few dozen bytes: its CRC continues the running one directly (an empty one leaves it as it is)
          if (value.length > 0) crc = crc32(value, crc);
        }
      }
      at += finalBlock.copy(out, at);
      out.writeUInt32LE(crc >>> 0, at);
      out.writeUInt32LE(size % 0x100000000, at + 4);
      return out;
    },
  };
}

export type PieceTemplate = ReturnType<typeof pieceTemplate>;

/**
 * Whether an `Accept-Encoding` header accepts gzip: named with a q above 0, or not named and `*` above 0 (the rule of
 * hono/compress, which compresses every other answer).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';');
    const coding = name.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number.parseFloat(value ?? '');
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (coding === 'gzip') return q > 0;
    if (coding === '*') wildcard = q;
  }
  return wildcard > 0;
}
