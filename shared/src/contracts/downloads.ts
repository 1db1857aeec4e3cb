/**
 * The campaign kit of /campana as the panel edits it (issue #42 item 4, decision 061): its files are one content set
 * (`descargas`) whose items name each file's current version and its earlier ones by their SHA-256; the bytes live in
 * the database (`kit_blobs`), and so does the ZIP of the whole kit, built once per set of files (`kit_archives`).
 */

/** What the kit accepts, told by the file's content, never by its name or its declared type. */
export type KitFileKind = 'pdf' | 'png' | 'jpeg' | 'svg' | 'html' | 'txt';

export const kitFileKinds: Record<KitFileKind, { contentType: string; extension: string; label: string; compressible: boolean }> =
  {
    pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF', compressible: false },
    png: { contentType: 'image/png', extension: 'png', label: 'Imagen PNG', compressible: false },
    jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'Imagen JPEG', compressible: false },
    svg: { contentType: 'image/svg+xml', extension: 'svg', label: 'Imagen SVG', compressible: true },
    html: { contentType: 'text/html; charset=utf-8', extension: 'html', label: 'Página HTML', compressible: true },
    txt: { contentType: 'text/plain; charset=utf-8', extension: 'txt', label: 'Texto', compressible: true },
  };

/** One stored version of a kit file. */
export interface KitFileVersion {
  /** Hex SHA-256 of the bytes: their key in `kit_blobs`, their ETag and part of their address. */
  sha256: string;
  size: number;
  kind: KitFileKind;
  /** The name on the uploader's device (shown in the panel only). */
  originalName: string;
  uploadedAt: string;
  uploadedBy: string;
}

/** A file of the kit as the set keeps it. */
export interface KitFile {
  /** Stable while the file gets new versions. */
  id: string;
  /** Its path inside the ZIP and its download name (`codigo-visual/logotipo.svg`); the extension follows its kind. */
  name: string;
  title: string;
  description: string;
  visible: boolean;
  current: KitFileVersion;
  /** Earlier versions, newest first (the panel lists them; visitors never get them). */
  earlier: KitFileVersion[];
}

/** A visible file as /campana lists it. */
interface PublicKitFile {
  title: string;
  description: string;
  name: string;
  url: string;
  size: number;
  kind: KitFileKind;
}

/** The kit as visitors get it: its visible files in order, and the ZIP of them all (null until it is built). */
export interface PublicKit {
  files: PublicKitFile[];
  archive: { url: string; size: number; sha256: string } | null;
}

export const kitLimits = {
  /** One file's bytes: enforced while the upload streams in (413), before anything is kept. */
  bytes: 50 * 1024 * 1024,
  files: 40,
  title: 80,
  description: 300,
} as const;

export const kitTooLargeMessage = `El archivo pesa más de ${kitLimits.bytes / 1024 / 1024} MB: redúcelo (por ejemplo, exporta el PDF para pantalla) antes de subirlo.`;

/** The panel's actions: PUT `save` (order, titles, hidden), POST `upload` (a new file or a new version, multipart). */
export const kitApi = {
  save: '/api/descargas',
  upload: '/api/descargas/archivos',
} as const;

/** The file name part of a kit path (`codigo-visual/logotipo.svg` → `logotipo.svg`). */
const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** A current, visible file's public address: its hash names the bytes, so it is cached for ever. */
export const kitFileUrl = (version: Pick<KitFileVersion, 'sha256'>, name: string) =>
  `/descargas/${version.sha256}/${encodeURIComponent(baseName(name))}`;

/** Any stored version, for editors in the panel. */
export const kitPanelFileUrl = (version: Pick<KitFileVersion, 'sha256'>, name: string) =>
  `/panel/descargas/archivos/${version.sha256}/${encodeURIComponent(baseName(name))}`;

/** The ZIP of the whole kit, named by its own hash. */
export const kitArchiveUrl = (sha256: string) => `/descargas/kit-${sha256.slice(0, 16)}.zip`;

/** «12 KB», «3,4 MB». */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
