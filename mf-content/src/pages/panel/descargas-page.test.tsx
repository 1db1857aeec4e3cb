import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kitTooLargeMessage, type ContentSet, type ContentSetPageProps, type KitFile } from '@gota/shared/contracts';
import { axeOptions, fakeHttp, inRouter, pageProps, resetStore, type FakeHttp } from '@gota/shared/testing';
import { DescargasPage } from './descargas-page';

const shared = pageProps('/panel/descargas', { firstName: 'Ana', staff: true });
const version = (sha: string, kind: KitFile['current']['kind'], uploadedAt: string) => ({
  sha256: sha.repeat(64),
  size: 3912,
  kind,
  originalName: `manual.${kind}`,
  uploadedAt,
  uploadedBy: 'equipo@gotaagota.mx',
});
const manual: KitFile = {
  id: 'manual-de-uso',
  name: 'manual-de-uso.pdf',
  title: 'Manual de uso',
  description: 'Cómo usar el símbolo.',
  visible: true,
  current: version('b', 'pdf', '2026-11-28T16:42:00.000Z'),
  earlier: [version('a', 'html', '2026-11-01T12:00:00.000Z')],
};
const logo: KitFile = {
  id: 'logotipo',
  name: 'codigo-visual/logotipo.svg',
  title: 'Logotipo',
  description: '',
  visible: true,
  current: version('c', 'svg', '2026-11-01T12:00:00.000Z'),
  earlier: [],
};
const set: ContentSet<'descargas'> = {
  kind: 'descargas',
  items: [manual, logo],
  version: 4,
  updatedAt: '2026-11-28T16:42:00.000Z',
  updatedBy: 'equipo@gotaagota.mx',
};
const props: ContentSetPageProps<'descargas'> = {
  set,
  revisions: [
    { number: 4, by: 'equipo@gotaagota.mx', at: '2026-11-28T16:42:00.000Z', items: set.items },
    { number: 3, by: 'sistema', at: '2026-11-01T12:00:00.000Z', items: set.items },
  ],
  log: [
    {
      action: 'version-subida',
      by: 'equipo@gotaagota.mx',
      at: '2026-11-28T16:42:00.000Z',
      detail: 'manual-de-uso.pdf: versión 2',
    },
  ],
};

let network: FakeHttp;
beforeEach(() => {
  network = fakeHttp();
  resetStore();
});
afterEach(() => network.restore());

const renderPage = () => render(inRouter(<DescargasPage {...shared} {...props} />, '/panel/descargas'));
const upload = () => within(screen.getByRole('form', { name: 'Subir un archivo' }));
const row = (n: number) => screen.getByRole('group', { name: new RegExp(`^Archivo ${n}`) });

describe('Panel/Descargas', () => {
  it('lists each file with its current version, its earlier ones to download, the log, and no axe violations', async () => {
    const { container } = renderPage();
    expect(within(row(1)).getByText(/^PDF, 4 KB, subido el 28\/11\/2026 10:42 por equipo@gotaagota.mx/)).toBeVisible();
    expect(within(row(1)).getByRole('link', { name: 'Descargar manual-de-uso.pdf' })).toHaveAttribute(
      'href',
      `/panel/descargas/archivos/${'b'.repeat(64)}/manual-de-uso.pdf`,
    );
    expect(within(row(1)).getByText('Versiones anteriores (1)')).toBeVisible();
    expect(
      within(row(1)).getByRole('link', { name: 'Descargar esta versión de manual-de-uso.pdf', hidden: true }),
    ).toHaveAttribute('href', `/panel/descargas/archivos/${'a'.repeat(64)}/manual-de-uso.pdf`);
    expect(screen.getByText(/Nueva versión de un archivo: equipo@gotaagota.mx/)).toBeVisible();
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('sends a dropped file as a new version of the row whose «Subir versión nueva» was pressed, then shows the kit it answers', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(row(2)).getByRole('button', { name: 'Subir versión nueva de «Logotipo»' }));
    expect(screen.getByRole('combobox', { name: 'Qué subes' })).toHaveValue('logotipo');
    expect(document.activeElement).toHaveTextContent('Elegir un archivo');
    expect(upload().getByRole('textbox', { name: 'Título' })).toHaveValue('Logotipo');
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo nuevo.svg', { type: 'image/svg+xml' });
    fireEvent.drop(screen.getByText('Arrastra un archivo aquí').parentElement!, { dataTransfer: { files: [file] } });
    expect(screen.getByText('Elegido: logo nuevo.svg (1 KB).')).toBeVisible();
    await user.clear(upload().getByRole('textbox', { name: 'Título' }));
    await user.type(upload().getByRole('textbox', { name: 'Título' }), 'Logotipo 2027');
    const answer = { ...set, version: 5, items: [manual, { ...logo, title: 'Logotipo 2027' }] };
    network.reply({ status: 201, data: { set: answer, message: '«Logotipo 2027» ya está en el kit.' } });
    await user.click(upload().getByRole('button', { name: 'Subir y publicar' }));
    const sent = network.sent[0]!;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/descargas/archivos' });
    const form = sent.json as FormData;
    expect(form.get('id')).toBe('logotipo');
    expect(form.get('version')).toBe('4');
    expect(form.get('title')).toBe('Logotipo 2027');
    expect((form.get('file') as File).name).toBe('logo nuevo.svg');
    expect(await within(row(2)).findByRole('textbox', { name: 'Título' })).toHaveValue('Logotipo 2027');
  });

  it('shows the server’s refusal under the file, and a file over the limit is not sent at all', async () => {
    const user = userEvent.setup();
    renderPage();
    const picker = document.getElementById('kit-archivo') as HTMLInputElement;
    const huge = new File(['x'], 'video.pdf');
    Object.defineProperty(huge, 'size', { value: 60 * 1024 * 1024 });
    fireEvent.change(picker, { target: { files: [huge] } });
    await user.type(upload().getByRole('textbox', { name: 'Título' }), 'Video');
    await user.click(upload().getByRole('button', { name: 'Subir y publicar' }));
    expect(screen.getByText(kitTooLargeMessage)).toBeVisible();
    expect(network.sent).toEqual([]);

    fireEvent.change(picker, { target: { files: [new File(['MZ'], 'cartel.pdf')] } });
    const refusal = 'Es un programa (ejecutable o script), aunque su nombre diga otra cosa: el kit no admite programas.';
    network.reply({ status: 415, data: { message: refusal, errors: { file: [refusal] } } });
    await user.click(upload().getByRole('button', { name: 'Subir y publicar' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(screen.getByRole('button', { name: /Elegir un archivo/ })).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
  });
});
