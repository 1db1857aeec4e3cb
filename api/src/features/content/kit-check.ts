import type { KitFileKind } from '@gota/shared/contracts';

/** A file the kit does not take: its status (415, 422) and the Spanish message shown under the file's field. */
export class KitRefusal extends Error {
  override name = 'KitRefusal';
  constructor(
    message: string,
    readonly status: 413 | 415 | 422,
  ) {
    super(message);
  }
}

export const kitFileMessages = {
  empty: 'El archivo está vacío.',
  executable: 'Es un programa (ejecutable o script), aunque su nombre diga otra cosa: el kit no admite programas.',
  archive:
    'Es un archivo comprimido (ZIP, o un documento de Office, que también lo es): sube los archivos uno a uno; el sitio arma el ZIP del kit.',
  unknown:
    'No es un tipo de archivo que el kit admita: sube un PDF, una imagen PNG, JPEG o SVG, una página HTML o un texto (.txt).',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The first bytes of programs: ELF (Linux), MZ (Windows), Mach-O and universal binaries (macOS), WebAssembly, a script's «#!». */
const executableSignatures: readonly (readonly number[])[] = [
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x00, 0x61, 0x73, 0x6d],
  [0x23, 0x21],
];
/** ZIP (and what is built on it: DOCX, XLSX, JAR, APK), gzip, 7-Zip, RAR. */
const archiveSignatures: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
];

/** Text: valid UTF-8 with no control character but tabs and line ends (a binary file fails one or the other). */
function textOf(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return null;
  }
  return text;
}

/**
 * What a kit file is, told by its bytes: PDF, PNG, JPEG, or text that is an SVG drawing, an HTML page or plain text.
 * A program (by its first bytes, whatever its name says), a compressed archive or anything else is refused with a
 * Spanish message. The kit takes no archive, so no program can come inside one either.
 *
 * @example
 * kitFileKind(readFileSync('cartel.pdf')) // 'pdf'
 * kitFileKind(elfBinaryRenamedToPdf) // throws KitRefusal (415)
 */
export function kitFileKind(bytes: Uint8Array): KitFileKind {
  if (bytes.length === 0) throw new KitRefusal(kitFileMessages.empty, 422);
  if (executableSignatures.some((signature) => startsWith(bytes, signature)))
    throw new KitRefusal(kitFileMessages.executable, 415);
  if (archiveSignatures.some((signature) => startsWith(bytes, signature))) throw new KitRefusal(kitFileMessages.archive, 415);
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  const text = textOf(bytes);
  if (text === null) throw new KitRefusal(kitFileMessages.unknown, 415);
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (head.startsWith('#!')) throw new KitRefusal(kitFileMessages.executable, 415);
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  if ((head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && /<svg[\s>]/.test(text.toLowerCase()))
    return 'svg';
  if (head.startsWith('<')) throw new KitRefusal(kitFileMessages.unknown, 415);
  return 'txt';
}
