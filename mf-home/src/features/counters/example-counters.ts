import type { ImpactCounter } from '@gota/shared/contracts';

/** The counters of api/content/counters.json, for the tests and the dev harness (the site's come in the page's props). */
export const exampleCounters: ImpactCounter[] = [
  { valor: 15, prefijo: '+', sufijo: '', etiqueta: 'empresas aliadas' },
  { valor: 25, prefijo: '', sufijo: '', etiqueta: 'iniciativas' },
  { valor: 1_600_000, prefijo: '', sufijo: '', etiqueta: 'litros de agua ahorrados cada día' },
  { valor: 19, prefijo: '', sufijo: ' L', etiqueta: 'de agua ahorrados por segundo' },
];
