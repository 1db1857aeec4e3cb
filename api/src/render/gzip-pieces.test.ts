import { spawnSync } from 'node:child_process';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, crcCombine, crcShift, pieceTemplate, storedBlocks } from './gzip-pieces';

const pieces = [
  '<!doctype html><html lang="es"><head><script nonce="',
  '">window.tema = "claro";</script><meta name="csrf-token" content="',
  '"></head><body><main>Cuidemos el agua: cada gota cuenta. Año 2026, niñas y niños de México.</main>'.repeat(40),
  '</body></html>',
];

describe('pieceTemplate', () => {
  it('assembles a gzip member that decodes to exactly the plain text, per-request values included', () => {
    const text = pieceTemplate(pieces);
    const nonce = Buffer.from('q1w2e3r4t5y6u7i8o9p0aA==');
    const token = Buffer.from('mwti7frd.x6xFT7fY8DB2NoJh.-mPtJQznPOkmnY4PzBQfo7eV8N-qpsB3btXCO594S3o');
    const values = [nonce, token, nonce];
    const plain = text.plain(values);
    expect(plain.toString()).toBe(`${pieces[0]}${nonce}${pieces[1]}${token}${pieces[2]}${nonce}${pieces[3]}`);
    expect(gunzipSync(text.gzip(values)).equals(plain)).toBe(true);
    // other values, other bytes, from the same static pieces
    const other = [Buffer.from('ñandú'), Buffer.from(''), Buffer.from('x'.repeat(70_000))];
    expect(gunzipSync(text.gzip(other)).equals(text.plain(other))).toBe(true);
  });

  it('compresses the static pieces once: the answer is much smaller than the text', () => {
    const text = pieceTemplate(pieces);
    const values = [Buffer.from('n'), Buffer.from('t'), Buffer.from('n')];
    expect(text.gzip(values).length).toBeLessThan(text.plain(values).length / 10);
  });

  it('is a text without values when there is one piece (a JSON page object)', () => {
    const json = JSON.stringify({ component: 'Blog', props: { historias: ['agua', 'río'] } });
    const text = pieceTemplate([json]);
    expect(gunzipSync(text.gzip([])).toString()).toBe(json);
    expect(text.plain([]).toString()).toBe(json);
  });

  it('decodes with the gzip program too', () => {
    const text = pieceTemplate(pieces);
    const values = [Buffer.from('abc'), Buffer.from('def'), Buffer.from('abc')];
    const gunzip = spawnSync('gzip', ['-dc'], { input: text.gzip(values) });
    if (gunzip.error) return; // no gzip program on this machine: zlib above decoded it
    expect(gunzip.status).toBe(0);
    expect(gunzip.stdout.equals(text.plain(values))).toBe(true);
  });
});

describe('CRC-32 of a concatenation', () => {
  it('follows from the parts', () => {
    const a = Buffer.from('Gota a Gota, ');
    const b = Buffer.from('el agua de todos. '.repeat(1000));
    expect(crcCombine(crc32(a), crc32(b), crcShift(b.length))).toBe(crc32(Buffer.concat([a, b])));
    expect(crcCombine(0, crc32(b), crcShift(b.length))).toBe(crc32(b));
    expect(crcCombine(crc32(a), crc32(Buffer.alloc(0)), crcShift(0))).toBe(crc32(a));
  });
});

describe('storedBlocks', () => {
  it('splits a value longer than a stored block can hold', () => {
    const value = Buffer.alloc(150_000, 7);
    const blocks = storedBlocks(value);
    expect(blocks.length).toBe(value.length + 5 * 3);
  });
});

describe('acceptsGzip', () => {
  it('follows the q-values of Accept-Encoding', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
  });
});
