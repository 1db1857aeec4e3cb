import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every route of SPEC "Decisions" with the heading its page shows. */
export const routes = [
  { path: '/', heading: 'Cada gota cuenta: cuidemos juntos el agua de México' },
  { path: '/quienes-somos', heading: 'Somos Gota a Gota' },
  { path: '/campana', heading: 'Un latido en cada gota' },
  { path: '/datos-agua', heading: 'Manifiesto' },
  { path: '/historias', heading: 'Historias' },
  { path: '/historias/un-latido-en-cada-gota', heading: 'Un latido en cada gota' },
  { path: '/aliados', heading: 'Impulsando un cambio sostenible, una gota a la vez' },
  { path: '/login', heading: 'Iniciar Sesión' },
  { path: '/recuperar-contrasena', heading: 'Recuperar contraseña' },
  { path: '/registro', heading: 'Registro' },
  { path: '/resetear-contrasena/token-de-prueba', heading: 'Nueva contraseña' },
  { path: '/example', heading: 'Ejemplo' },
] as const;

/** The five top-bar links, where they lead and what the page then says. */
export const topBarLinks = [
  { name: 'QUIÉNES SOMOS', path: '/quienes-somos', heading: 'Somos Gota a Gota' },
  { name: 'CAMPAÑA', path: '/campana', heading: 'Un latido en cada gota' },
  { name: 'HISTORIAS', path: '/historias', heading: 'Historias' },
  { name: 'ALIADOS', path: '/aliados', heading: 'Impulsando un cambio sostenible, una gota a la vez' },
  { name: 'INICIO', path: '/', heading: 'Cada gota cuenta: cuidemos juntos el agua de México' },
] as const;

export function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Marks the current document; a full reload loses the mark, a client-side navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** Fails with the list of violations, so a report says what to fix. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}
