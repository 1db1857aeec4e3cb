import { mexicoCityClock, type InboxFilters, type LeadKind, type LeadStatus } from '@gota/shared/contracts';
import { searchWords } from '@gota/shared/schemas';
import { mexicoCityInstant } from '../../common/mexico-city-time';

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

/** The instant a day (AAAA-MM-DD, a real day: the filters' schema checked it) starts in Mexico City. */
const mexicoCityDayStart = (day: string): Date => mexicoCityInstant(`${day}T00:00`);

/** Today in Mexico City as AAAA-MM-DD (the export's file name). */
export function mexicoCityToday(now = new Date()): string {
  const { year, month, day } = mexicoCityClock(now);
  return `${year}-${month}-${day}`;
}

/**
 * The database's query for filters that passed `InboxFiltersSchema` (`?q=&tipo=&estado=&desde=&hasta=`).
 *
 * @example
 * leadQuery({ q: 'accion', tipo: 'empresa', estado: '', desde: '', hasta: '' }) // { kind: 'empresa', words: ['accion'], … }
 */
export function leadQuery({ q, tipo, estado, desde, hasta }: InboxFilters): InboxQuery {
  // the day after `hasta`, at its Mexico City midnight: `hasta` is included whole
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    kind: tipo || null,
    status: estado || null,
    words: searchWords(q),
    from: desde ? mexicoCityDayStart(desde) : null,
    before: hasta ? mexicoCityDayStart(dayAfter(hasta)) : null,
  };
}
