import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openLive } from './site';

// Steps of the campaign team's panel that more than one spec takes: axe on its pages, and the story editor's actions.

/**
 * Two tests, one per theme: signed in as the staff, each of `pages` opened live under its heading and checked by axe.
 * `what` names the pages in the tests' titles.
 */
export function axeOnPanelPages(what: string, pages: { path: string; title: string }[]): void {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations on ${what} in the ${theme} theme`, async ({ page, signIn }) => {
      test.setTimeout(90_000);
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
      await signIn();
      for (const { path, title } of pages) {
        await openLive(page, path, title);
        await expectNoAxeViolations(page);
      }
    });
  }
}

/** «Publicar» among the story editor's actions: it publishes the story, or names what is missing. */
export const publishButton = (page: Page) =>
  page.getByRole('region', { name: 'Acciones de la historia' }).getByRole('button', { name: 'Publicar', exact: true });

/** Publishes the story open in the editor, and waits until the editor says that visitors see it. */
export async function publishStory(page: Page): Promise<void> {
  await publishButton(page).click();
  await expect(page.getByText('Historia publicada: ya la ven los visitantes.')).toBeVisible();
}

/**
 * Fills the story editor's «Fecha visible» and «Resumen», and gives the story one tag (typed, then Enter), waiting for
 * the tag's chip. `form` is the editor's «Campos de la historia».
 */
export async function describeStory(form: Locator, story: { visibleDate: string; summary: string; tag: string }): Promise<void> {
  await form.getByRole('textbox', { name: 'Fecha visible' }).fill(story.visibleDate);
  await form.getByRole('textbox', { name: 'Resumen' }).fill(story.summary);
  const tags = form.getByRole('textbox', { name: 'Etiquetas' });
  await tags.fill(story.tag);
  await tags.press('Enter');
  await expect(form.getByRole('button', { name: `Quitar la etiqueta ${story.tag.toUpperCase()}` })).toBeVisible();
}

/** Opens the story editor's «Vista previa» (a new tab), and waits until the tab shows the story `title`. */
export async function openStoryPreview(page: Page, title: string): Promise<Page> {
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Vista previa (se abre en una pestaña nueva)' }).click(),
  ]);
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return preview;
}
