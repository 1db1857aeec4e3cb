import { type VersionesPageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { axeOptions, expectCleanHydration, inRouter, pageProps, freshClientEachTest } from '@gota/shared/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { exampleRemotes as remotes, exampleStories as stories } from './example-releases';
import { VersionesPage } from './versiones-page';

const shared = pageProps('/panel/versiones', { firstName: 'Olga', staff: true });
const network = freshClientEachTest();

const renderPage = (props: VersionesPageProps = stories) =>
  render(inRouter(<VersionesPage {...shared} {...props} />, '/panel/versiones/mf-stories'));

/** The page, the network answering its next request with `answer`, and the confirmation a press on `button` opens. */
async function confirmation(answer: { status: number; data: unknown }, button: string, title: string) {
  const user = userEvent.setup();
  network.reply(answer);
  renderPage();
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog', { name: title })) };
}

describe('Panel/Versiones', () => {
  it('lists the remotes with what each serves, the current one marked', async () => {
    renderPage({ remotes, selected: null, preview: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Versiones' })).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Remotos' }));
    expect(nav.getByRole('link', { name: /mf-stories/ })).toHaveAttribute('href', '/panel/versiones/mf-stories');
    expect(nav.getByRole('link', { name: /mf-home/ }).textContent).toBe('mf-homeActiva: compilación local0 candidatas');
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it("shows a remote's releases with state, who, when, note, report and reasons; actions only where they apply", async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Versiones de mf-stories' })).toBeVisible();
    expect(screen.getByRole('link', { name: /mf-stories/ })).toHaveAttribute('aria-current', 'page');
    const candidate = within(screen.getByRole('listitem', { name: 'p3r5t7v9' }));
    expect(candidate.getByText('Candidata')).toBeVisible();
    expect(candidate.getByText('Equipo de historias')).toBeVisible();
    expect(candidate.getByText('25/11/2026 12:00')).toBeVisible();
    expect(candidate.getByText('lista nueva')).toBeVisible();
    expect(candidate.getByText('Verificación previa (5.2 s)')).toBeVisible();
    expect(candidate.getByRole('button', { name: 'Activar la versión p3r5t7v9' })).toBeVisible();
    expect(candidate.getByRole('button', { name: 'Vista previa de la versión p3r5t7v9' })).toBeVisible();
    const active = within(screen.getByRole('listitem', { name: 'k7m2xq9a' }));
    expect(active.getByText('Activa')).toBeVisible();
    expect(active.queryByRole('button')).toBeNull();
    const refused = within(screen.getByRole('listitem', { name: 'z2z2z2z2' }));
    expect(refused.getByRole('list', { name: 'Motivos del rechazo' }).textContent).toBe(
      'ensayo: /historias: mf_stories/Blog: fallback',
    );
    expect(refused.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Activación: local → k7m2xq9a · Ana <ana@gotaagota\.mx>/)).toBeVisible();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('activates only after the confirmation dialog, and Cancelar sends nothing', async () => {
    const { user, dialog } = await confirmation(
      { status: 200, data: { message: 'mf-stories sirve ahora la versión p3r5t7v9.' } },
      'Activar la versión p3r5t7v9',
      '¿Activar p3r5t7v9 de mf-stories?',
    );
    expect(dialog.getByText(/Todos los visitantes verán la versión p3r5t7v9/)).toBeVisible();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Activar la versión p3r5t7v9' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Activar' }));
    expect(network.sent.map(({ method, url, json }) => ({ method, url, json }))).toEqual([
      { method: 'POST', url: '/panel/versiones/mf-stories/activar', json: { release: 'p3r5t7v9' } },
    ]);
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain('mf-stories sirve ahora la versión p3r5t7v9.');
  });

  it('rolls back to the release before after confirming, and says what a refusal says', async () => {
    const { user, dialog } = await confirmation(
      { status: 409, data: { message: 'mf-stories nunca cambió de versión' } },
      'Revertir',
      '¿Revertir mf-stories?',
    );
    expect(dialog.getByText(/volverán a la compilación local/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Revertir' }));
    expect(network.sent.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'POST', url: '/panel/versiones/mf-stories/revertir' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.stringify(useSiteStore.getState().alerts)).toContain('mf-stories nunca cambió de versión');
  });

  it('says when this browser is on a preview, and hydrates the server markup without a mismatch', async () => {
    renderPage({ ...stories, preview: { remote: 'mf-stories', release: 'p3r5t7v9' } });
    expect(screen.getByRole('status').textContent).toContain('Este navegador ve en vista previa mf-stories p3r5t7v9.');
    await expectCleanHydration(inRouter(<VersionesPage {...shared} {...stories} />, '/panel/versiones/mf-stories'));
  });
});
