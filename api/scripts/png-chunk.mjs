import { crc32 } from 'node:zlib';

/**
 * One chunk of a PNG file: the data's length, the four-letter type, the data and the CRC of type and data. For the
 * site's generated images (make-images.mjs) and the API tests' crafted PNGs (api/src/testing/test-images.ts).
 *
 * @param {string} type
 * @param {Buffer} data
 * @returns {Buffer}
 */
export function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
