import type { StorySummary } from '@gota/shared/contracts';

/** Test stories: story n is dated n days after 2025-06-27, so a larger n is newer. */
export function sampleStories(count: number): StorySummary[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const date = new Date(Date.UTC(2025, 5, 27 + n)).toISOString().slice(0, 10);
    return {
      titulo: `Historia ${n}`,
      slug: `historia-${n}`,
      fecha: date,
      fechaData: date,
      text: `Resumen de la historia ${n}.`,
      tags: ['AGUA'],
      img: `/img/historias/historia-${n}.svg`,
      imgWhite: `/img/historias/historia-${n}-fondo.svg`,
      alt: `Ilustración de la historia ${n}`,
      bigImage: false,
      slides: [],
      index: i,
    };
  });
}
