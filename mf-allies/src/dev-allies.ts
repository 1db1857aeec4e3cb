import type { Ally } from '@gota/shared/contracts';

/** Sample allies for the standalone harness (the real list comes from the API's content). */
export const devAllies: Ally[] = Array.from({ length: 9 }, (_, index) => ({
  empresa: `Aliado de prueba ${index + 1}`,
  img: '/img/aliados/agua-clara-consultores.svg',
  cover: false,
  text: 'Descripción de prueba.\nCon un salto de línea.',
  link: 'https://aliado.example',
  textBtn: index % 2 ? 'Visita su sitio' : 'Conoce más',
}));
