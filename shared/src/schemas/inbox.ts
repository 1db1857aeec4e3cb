import './zod-setup';
import { z } from 'zod';
import {
  inboxFilterMessages,
  leadKindLabels,
  leadMessages,
  leadStatusLabels,
  maxSearchLength,
  maxSearchWords,
  type LeadKind,
  type LeadStatus,
} from '../contracts/inbox';
import { safeReturnPath } from './auth';
import { querySchema, queryText } from './query';

// The addresses of the campaign team's inbox (issue #13, decision 016): its filters, a lead's id, the way back.

/** The position of the last lead of a page: its creation instant (ISO, microseconds, UTC) and its id. */
export interface InboxCursor {
  createdAt: string;
  id: string;
}

const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque `?despues=` of a page's last lead: `createdAt|id` in base64url (ASCII only, so `btoa` serves). */
export function encodeInboxCursor(cursor: InboxCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a `?despues=` names, or null when it is not one `encodeInboxCursor` wrote. */
function decodeInboxCursor(value: string): InboxCursor | null {
  if (value.length > 120 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let text: string;
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [createdAt = '', id = '', ...rest] = text.split('|');
  if (rest.length > 0 || !isoMicros.test(createdAt) || !uuid.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

/** A search term as words: spaces collapsed, lower case (the database folds the accents with the same rule as the column). */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/** A real day written AAAA-MM-DD, from the year 2000 on. */
function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  return year >= 2000 && year <= 9999 && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
}

const kinds = ['', ...(Object.keys(leadKindLabels) as LeadKind[])] as const;
const statuses = ['', ...(Object.keys(leadStatusLabels) as LeadStatus[])] as const;
const day = () => queryText().refine((value) => value === '' || isCalendarDay(value), { error: inboxFilterMessages.date });

const filterFields = {
  q: queryText().refine((q) => q.length <= maxSearchLength && searchWords(q).length <= maxSearchWords, {
    error: inboxFilterMessages.q,
  }),
  tipo: queryText().pipe(z.enum(kinds, { error: inboxFilterMessages.tipo })),
  estado: queryText().pipe(z.enum(statuses, { error: inboxFilterMessages.estado })),
  desde: day(),
  hasta: day(),
};

const cursorField = z
  .string()
  .default('')
  .transform((value, ctx) => {
    if (!value) return null;
    const cursor = decodeInboxCursor(value);
    if (!cursor) ctx.addIssue({ code: 'custom', message: inboxFilterMessages.despues, input: value });
    return cursor;
  });

/** `hasta` before `desde` is refused, once both are real days (AAAA-MM-DD compares as the days do). */
function inOrder<S extends z.ZodType<{ desde: string; hasta: string }>>(filters: S) {
  return filters.refine((value) => !(value.desde && value.hasta && value.desde > value.hasta), {
    error: inboxFilterMessages.range,
    path: ['hasta'],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'desde' || issue.path?.[0] === 'hasta'),
  });
}

/**
 * GET /panel: the filters of the inbox's address (`?q=&tipo=&estado=&desde=&hasta=`, each trimmed, '' for none) and the
 * page cursor `despues` (null on the first page). Each refused filter has one Spanish message, keyed by its name.
 */
export const InboxFiltersSchema = querySchema(inOrder(z.object({ ...filterFields, despues: cursorField })));

/** GET /panel/exportar.csv: the same filters; a page cursor in the address is ignored (the export is every page). */
export const InboxExportFiltersSchema = querySchema(inOrder(z.object(filterFields)));

/**
 * What the inbox's form shows back when its filters are refused: each as typed (trimmed, and cut so that the page stays
 * small), a kind or status it does not know left out. Never fails.
 */
export const InboxFiltersShownSchema = querySchema(
  z.object({
    q: queryText()
      .transform((q) => q.slice(0, maxSearchLength * 2))
      .catch(''),
    tipo: queryText().pipe(z.enum(kinds)).catch(''),
    estado: queryText().pipe(z.enum(statuses)).catch(''),
    desde: queryText()
      .transform((value) => value.slice(0, 40))
      .catch(''),
    hasta: queryText()
      .transform((value) => value.slice(0, 40))
      .catch(''),
  }),
);

/** GET, DELETE /panel/mensajes/{id} and POST …/estado: lead ids are UUIDs, in any case; anything else is no lead. */
export const LeadParamsSchema = z.object({ id: z.string().toLowerCase().regex(uuid, { error: leadMessages.notFound }) });

/** A return path inside the campaign team's inbox (`/panel`, `/panel?q=…`, `/panel/…`), or null. */
function safePanelPath(value: unknown): string | null {
  const path = safeReturnPath(value);
  return path && /^\/panel(?:[/?#]|$)/.test(path) ? path : null;
}

/** GET /panel/mensajes/{id}: `?volver=`, the inbox address the lead was opened from (a /panel path, else null). */
export const LeadPageQuerySchema = querySchema(z.object({ volver: z.unknown().optional().transform(safePanelPath) }));

/** POST /panel/mensajes/{id}/estado. */
export const StatusChangeSchema = z.object({
  estado: z.enum(['nuevo', 'atendido'], { error: leadMessages.invalidStatus }),
});
