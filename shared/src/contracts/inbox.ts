/**
 * The campaign team's inbox (issue #13): what the API sends the `mf_auth` pages `Panel/Bandeja`, `Panel/Mensaje` and
 * `Panel/SinAcceso`, and the rules both sides share. Types and small functions only: no validation library, so a page
 * that imports it does not grow.
 */

export const leadKindLabels = { empresa: 'Empresa', registro: 'Registro' } as const;
export type LeadKind = keyof typeof leadKindLabels;
export const leadStatusLabels = { nuevo: 'Nuevo', atendido: 'Atendido' } as const;
export type LeadStatus = keyof typeof leadStatusLabels;

/** Leads per page of the inbox. */
export const inboxPageSize = 50;

/**
 * The filters of the inbox, as they are written in its address (and in the export's): `?q=`, `?tipo=`, `?estado=`,
 * `?desde=AAAA-MM-DD`, `?hasta=AAAA-MM-DD`. An empty string is "no filter". `despues` is the keyset cursor of the
 * next page (opaque to the page).
 */
export interface InboxFilters {
  q: string;
  tipo: LeadKind | '';
  estado: LeadStatus | '';
  desde: string;
  hasta: string;
}
export const inboxFilterKeys = ['q', 'tipo', 'estado', 'desde', 'hasta'] as const satisfies readonly (keyof InboxFilters)[];

/** Longest search term the inbox accepts (characters). */
export const maxSearchLength = 200;
/** Words of a search beyond this number are refused: every word is one more `LIKE` over the table. */
export const maxSearchWords = 8;

/** What the inbox says of a filter it cannot use (`errors` of the page, keyed by filter). */
export const inboxFilterMessages = {
  q: `La búsqueda admite como máximo ${maxSearchLength} caracteres y ${maxSearchWords} palabras.`,
  tipo: 'El tipo debe ser «empresa» o «registro».',
  estado: 'El estado debe ser «nuevo» o «atendido».',
  date: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-11-23.',
  range: 'La fecha «hasta» no puede ser anterior a la fecha «desde».',
  despues: 'El enlace de la página siguiente no es válido. Vuelve a los mensajes más recientes.',
} as const;
export const emptyInboxFilters: InboxFilters = { q: '', tipo: '', estado: '', desde: '', hasta: '' };

/** The query string of a set of filters (without the empty ones), with `?`, or '' when there is none. */
export function inboxQuery(filters: Partial<InboxFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of inboxFilterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One row of the inbox. Dates are ISO 8601 instants; show them with `formatMexicoCity`. */
export interface LeadSummary {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  empresa: string | null;
  name: string;
  lastName: string | null;
  email: string;
  /** The start of the message (company messages), for the list. */
  excerpt: string | null;
  createdAt: string;
}

type MailDelivery = 'pendiente' | 'enviado' | 'fallido';

/** A mail the outbox gave up on after its last retry (the inbox shows them). */
export interface FailedMail {
  id: string;
  kind: string;
  subject: string;
  lastError: string | null;
  attempts: number;
  createdAt: string;
  /** The lead the mail announced, when it was a contact notification. */
  leadId: string | null;
}

/** Props of `Panel/Bandeja` (GET /panel). Validation messages of the filters come in `errors`, keyed by filter. */
export interface InboxPageProps {
  filters: InboxFilters;
  leads: LeadSummary[];
  /** `despues` of the next page; null on the last page. */
  nextCursor: string | null;
  /** True when this is not the first page (the page offers "back to the newest"). */
  paged: boolean;
  /** Leads still 'nuevo', per kind, whatever the filters. */
  newCounts: Record<LeadKind, number>;
  failedMail: FailedMail[];
}

export type LeadAction = 'atendido' | 'reabierto' | 'eliminado' | 'convertido';
export const leadActionLabels: Record<LeadAction, string> = {
  atendido: 'Marcado como atendido',
  reabierto: 'Reabierto',
  eliminado: 'Eliminado',
  convertido: 'Convertido en aliado',
};

export interface LeadEvent {
  action: LeadAction;
  actorName: string;
  createdAt: string;
}

/** Props of `Panel/Mensaje` (GET /panel/mensajes/{id}). */
export interface LeadPageProps {
  lead: LeadSummary & { mensaje: string | null };
  history: LeadEvent[];
  /** The notification mail of this lead, when one was written. */
  notification: { status: MailDelivery; attempts: number; lastError: string | null } | null;
  /** The inbox address to go back to (with the filters the staff member came from). */
  backUrl: string;
  /** The ally this lead became («Convertir en aliado», decision 060), or null. */
  ally: { id: string; empresa: string } | null;
  /** Whether the account may turn the lead into an ally (an editor, decision 051). */
  canMakeAlly: boolean;
}

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads that zone's data, about 20 ms of the
 * phone's main thread, and every page's start-up imports this module while only the inbox formats dates.
 */
let mexicoCity: Intl.DateTimeFormat | undefined;

function mexicoCityFormat(): Intl.DateTimeFormat {
  mexicoCity ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return mexicoCity;
}

/** The wall clock of Mexico City at an instant, as zero-padded digits: the one time zone the inbox shows and filters by. */
export interface MexicoCityClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * Mexico City's wall clock at an instant (for the inbox's dates, its day filters and the export's name).
 *
 * @example
 * mexicoCityClock('2026-11-23T18:05:00Z') // { year: '2026', month: '11', day: '23', hour: '12', minute: '05', second: '00' }
 */
export function mexicoCityClock(instant: string | number | Date): MexicoCityClock {
  const parts = Object.fromEntries(
    mexicoCityFormat()
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/**
 * An instant as DD/MM/YYYY HH:mm in Mexico City time, the same on the server, in the browser and in the export.
 *
 * @example
 * formatMexicoCity('2026-11-23T18:05:00Z') // '23/11/2026 12:05'
 */
export function formatMexicoCity(instant: string | Date): string {
  const clock = mexicoCityClock(instant);
  return `${clock.day}/${clock.month}/${clock.year} ${clock.hour}:${clock.minute}`;
}

/**
 * The address of one lead, carrying the inbox address it was opened from (`?volver=`), so its page links back to the
 * same filtered view. The server accepts only a /panel address there.
 *
 * @example
 * leadPath('5b0c…', '/panel?estado=nuevo') // '/panel/mensajes/5b0c…?volver=%2Fpanel%3Festado%3Dnuevo'
 */
export function leadPath(id: string, back?: string): string {
  const path = `/panel/mensajes/${encodeURIComponent(id)}`;
  return back ? `${path}?${new URLSearchParams({ volver: back }).toString()}` : path;
}

/** What the lead page and its actions say (the API answers them, the page shows them). */
export const leadMessages = {
  notFound: 'No encontramos este mensaje: puede que ya se haya eliminado.',
  invalidStatus: 'Elige un estado válido: nuevo o atendido.',
  attended: 'Mensaje marcado como atendido.',
  reopened: 'Mensaje reabierto.',
  unchanged: 'El mensaje ya tenía ese estado.',
  deleted: 'Mensaje eliminado.',
} as const;
