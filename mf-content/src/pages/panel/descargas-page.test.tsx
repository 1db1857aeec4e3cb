import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { kitTooLargeMessage, type ContentSetPageProps, type KitFile } from '@gota/shared/contracts';
import { axeOptions, freshClientEachTest, inRouter, pageProps } from '@gota/shared/testing';
import { savedSet } from '../../features/content-panel/saved-set';
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
const props: ContentSetPageProps<'descargas'> = {
  ...savedSet('descargas', [manual, logo], 4),
  log: [
    {
      action: 'version-subida',
      by: 'equipo@gotaagota.mx',
      at: '2026-11-28T16:42:00.000Z',
      detail: 'manual-de-uso.pdf: versión 2',
    },
  ],
};

const { set } = props;

const network = freshClientEachTest();

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

  it('previews the list as it is on screen (a file hidden, another retitled) without saving it', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    await user.click(within(row(1)).getByRole('button', { name: /^Ocultar/ }));
    const title = within(row(2)).getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Logotipo 2027');
    const url = '/panel/vista-previa/0f8c2a9e-5d1b-4c7a-9e3f-2b6d8a1c4e70/descargas';
    network.reply({ status: 201, data: { url, expiresAt: '2026-11-28T17:42:00.000Z' } });
    await user.click(screen.getByRole('button', { name: 'Vista previa (se abre en una pestaña nueva)' }));
    expect(network.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/descargas/vista-previa',
      json: {
        items: [
          { id: 'manual-de-uso', visible: false },
          { id: 'logotipo', title: 'Logotipo 2027', visible: true },
        ],
        version: 4,
      },
    });
    expect(opened).toHaveBeenCalledWith(url, '_blank', 'noopener');
    opened.mockRestore();
  });
});
