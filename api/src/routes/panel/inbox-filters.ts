import { emptyInboxFilters, leadKindLabels, leadStatusLabels, mexicoCityClock, type InboxFilters, type LeadKind, type LeadStatus } from '@gota/shared/contracts';

/** Longest search term the inbox accepts (characters). */
const maxSearchLength = 200;
/** Words of a search beyond this number are refused: every word is one more `LIKE` over the table. */
const maxSearchWords = 8;

export const inboxFilterMessages = {
  q: `La búsqueda admite como máximo ${maxSearchLength} caracteres y ${maxSearchWords} palabras.`,
  tipo: 'El tipo debe ser «empresa» o «registro».',
  estado: 'El estado debe ser «nuevo» o «atendido».',
  date: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-11-23.',
  range: 'La fecha «hasta» no puede ser anterior a la fecha «desde».',
  despues: 'El enlace de la página siguiente no es válido. Vuelve a los mensajes más recientes.',
} as const;

/** The position of the last lead of a page: its creation instant (ISO, microseconds, UTC) and its id. */
export interface InboxCursor {
  createdAt: string;
  id: string;
}

/** Filters ready for the database: the search split in words, days as instants (Mexico City midnights). */
export interface InboxQuery {
  kind: LeadKind | null;
  status: LeadStatus | null;
  /** Lower case words of the search, each one must appear in the folded search text. */
  words: string[];
  /** Created at or after this instant. */
  from: Date | null;
  /** Created before this instant (the midnight after the `hasta` day). */
  before: Date | null;
}

export type ParsedInboxFilters =
  | { ok: true; filters: InboxFilters; query: InboxQuery; cursor: InboxCursor | null }
  | { ok: false; filters: InboxFilters; errors: Record<string, string> };

const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque `?despues=` of a page's last lead. */
export function encodeCursor(cursor: InboxCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a `?despues=` names, or null when it is not one this server wrote. */
function decodeCursor(value: string): InboxCursor | null {
  if (value.length > 120 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const [createdAt = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !isoMicros.test(createdAt) || !uuid.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

/** Mexico City's offset from UTC at an instant, in milliseconds (-6 h since 2022; -5 h in the old summers). */
function mexicoCityOffset(instant: number): number {
  const clock = mexicoCityClock(instant);
  const wall = Date.UTC(Number(clock.year), Number(clock.month) - 1, Number(clock.day), Number(clock.hour), Number(clock.minute), Number(clock.second));
  return wall - (instant - (instant % 1000));
}

/**
 * The instant a day starts in Mexico City (`2026-11-23` → 2026-11-23T06:00:00Z), or null when the text is not a real
 * AAAA-MM-DD date.
 */
function mexicoCityDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnightUtc = Date.UTC(year, month - 1, date);
  const check = new Date(midnightUtc);
  if (year < 2000 || year > 9999 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  // the offset at the guess, then again at the result (a day whose midnight falls near a change of offset)
  let instant = midnightUtc - mexicoCityOffset(midnightUtc);
  instant = midnightUtc - mexicoCityOffset(instant);
  return new Date(instant);
}

/** Today in Mexico City as AAAA-MM-DD (the export's file name). */
export function mexicoCityToday(now = new Date()): string {
  const { year, month, day } = mexicoCityClock(now);
  return `${year}-${month}-${day}`;
}

/** A search term as words: spaces collapsed, lower case (the database folds the accents with the same rule as the column). */
function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The inbox's filters from its address (`?q=&tipo=&estado=&desde=&hasta=&despues=`): what the page shows back in its
 * form, and either the query for the database or Spanish messages keyed by filter. Unknown parameters are ignored.
 *
 * @example
 * parseInboxFilters({ q: 'accion', tipo: 'empresa' }) // { ok: true, filters: {…}, query: { kind: 'empresa', words: ['accion'], … }, cursor: null }
 */
export function parseInboxFilters(params: Record<string, string | undefined>): ParsedInboxFilters {
  const text = (key: string) => (params[key] ?? '').trim();
  const errors: Record<string, string> = {};
  const q = text('q');
  const rawTipo = text('tipo');
  const rawEstado = text('estado');
  const tipo = rawTipo in leadKindLabels ? (rawTipo as LeadKind) : '';
  const estado = rawEstado in leadStatusLabels ? (rawEstado as LeadStatus) : '';
  const desde = text('desde');
  const hasta = text('hasta');
  // what the form shows back: a refused search is cut so the page stays small
  const filters: InboxFilters = { ...emptyInboxFilters, q: q.slice(0, maxSearchLength * 2), tipo, estado, desde: desde.slice(0, 40), hasta: hasta.slice(0, 40) };

  const words = searchWords(q);
  if (q.length > maxSearchLength || words.length > maxSearchWords) errors.q = inboxFilterMessages.q;
  if (rawTipo && !tipo) errors.tipo = inboxFilterMessages.tipo;
  if (rawEstado && !estado) errors.estado = inboxFilterMessages.estado;
  const from = desde ? mexicoCityDayStart(desde) : null;
  const lastDay = hasta ? mexicoCityDayStart(hasta) : null;
  if (desde && !from) errors.desde = inboxFilterMessages.date;
  if (hasta && !lastDay) errors.hasta = inboxFilterMessages.date;
  if (from && lastDay && from > lastDay) errors.hasta = inboxFilterMessages.range;
  const despues = params.despues ?? '';
  const cursor = despues ? decodeCursor(despues) : null;
  if (despues && !cursor) errors.despues = inboxFilterMessages.despues;

  if (Object.keys(errors).length > 0) return { ok: false, filters, errors };
  // the day after `hasta`, at its Mexico City midnight: `hasta` is included whole
  const before = lastDay ? mexicoCityDayStart(new Date(Date.parse(`${hasta}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) : null;
  return { ok: true, filters, query: { kind: tipo || null, status: estado || null, words, from, before }, cursor };
}
