import { storyLimits, type StoryFields } from '@gota/shared/contracts';

/** A tag as the site writes it: capitals, letters, digits and single spaces only (the schema's rule), at most `storyLimits.tag`. */
export function normalizeTag(text: string): string {
  return text
    .toLocaleUpperCase('es-MX')
    .replace(/[^A-ZÁÉÍÓÚÑÜ0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, storyLimits.tag)
    .trim();
}

const mexicoCity = 'America/Mexico_City';

/** «10:42»: a time of day in Mexico City, on the 24-hour clock. */
export function mexicoCityTime(instant: Date): string {
  return new Intl.DateTimeFormat('es-MX', { timeZone: mexicoCity, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
}

/** Today in Mexico City, as AAAA-MM-DD and as the team writes it («28 de noviembre de 2026»). */
function mexicoCityToday(instant: Date): { iso: string; display: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: mexicoCity, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const display = new Intl.DateTimeFormat('es-MX', {
    timeZone: mexicoCity,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  return { iso: `${parts.year}-${parts.month}-${parts.day}`, display };
}

/** The fields a new story starts with: today's dates, everything else empty. */
export function blankFields(instant: Date): StoryFields {
  const today = mexicoCityToday(instant);
  return {
    titulo: '',
    slug: '',
    fecha: today.display,
    fechaData: today.iso,
    text: '',
    tags: [],
    img: '',
    imgWhite: '',
    alt: '',
    bigImage: false,
    slides: [],
    body: '',
  };
}
