import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSiteStore } from '@gota/shared/store';
import { pageAxeOptions } from '@gota/shared/testing';
import { DatosAguaPage } from './datos-agua-page';
import { DescargasPage } from './descargas-page';
import { QuienesSomosPage } from './quienes-somos-page';
import { sampleAboutTexts, sampleCampaignTexts, sampleManifestoTexts } from './sample-texts';

const shared = {
  errors: {},
  auth: { user: null },
  appName: 'Gota a Gota',
  seo: { title: '', description: '', keywords: '', url: '', baseUrl: '' },
};
const members = Array.from({ length: 16 }, (_, index) => ({ logo: `/img/miembros/m${index}.svg`, name: `Miembro ${index + 1}` }));

describe('QuienesSomosPage', () => {
  beforeEach(() => useSiteStore.getState().setEmpresaForm(false));

  it('shows mission (with each of its paragraphs), vision, four objectives and four steps, and opens the company form', async () => {
    const user = userEvent.setup();
    const { container } = render(<QuienesSomosPage {...shared} texts={sampleAboutTexts} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Somos Gota a Gota' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Misión' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visión' })).toBeInTheDocument();
    const mission = screen.getByRole('region', { name: 'Misión' });
    expect([...mission.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Misión de ejemplo.',
      'Segundo párrafo de la misión.',
    ]);
    const [objectives, steps] = screen.getAllByRole('list');
    expect(objectives!.children).toHaveLength(4);
    expect(screen.getByRole('heading', { name: '¿CÓMO PUEDES PARTICIPAR?' })).toBeInTheDocument();
    expect(steps!.children).toHaveLength(4);
    expect(screen.getByText(/Water Finger Heart/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '¿quieres sumarte?' }));
    expect(useSiteStore.getState().empresaForm).toBe(true);
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });
});

describe('DescargasPage', () => {
  it('offers the usage-manual archive under its real name', async () => {
    const { container } = render(<DescargasPage {...shared} texts={sampleCampaignTexts} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Un latido en cada gota' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /water finger heart/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'De uso libre' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'DESCARGAR' });
    expect(link).toHaveAttribute('href', '/files/manual-de-uso-un-latido-en-cada-gota.zip');
    expect(link).toHaveAttribute('download', 'manual-de-uso-un-latido-en-cada-gota.zip');
    expect(link).toHaveAccessibleDescription(/ZIP/);
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });

  it('lists the kit’s files one by one, and names the ZIP of them all with its size', async () => {
    const sha = 'a'.repeat(64);
    const kit = {
      files: [
        {
          title: 'Cartel del Día del Agua',
          description: 'Para imprimir en doble carta.',
          name: 'cartel.pdf',
          url: `/descargas/${sha}/cartel.pdf`,
          size: 2_400_000,
          kind: 'pdf' as const,
        },
      ],
      archive: { url: '/descargas/kit-aaaaaaaaaaaaaaaa.zip', size: 2_500_000, sha256: sha },
    };
    const { container } = render(<DescargasPage {...shared} texts={sampleCampaignTexts} kit={kit} />);
    expect(screen.getByRole('link', { name: 'DESCARGAR' })).toHaveAttribute('href', kit.archive.url);
    expect(screen.getByRole('link', { name: 'DESCARGAR' })).toHaveAccessibleDescription(
      'Todos los archivos del kit en un ZIP (2,4 MB).',
    );
    const file = screen.getByRole('link', { name: 'Cartel del Día del Agua' });
    expect(file).toBeVisible();
    expect(file).toHaveAttribute('href', kit.files[0]!.url);
    expect(screen.getByText('Para imprimir en doble carta.')).toBeVisible();
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });
});

describe('DatosAguaPage', () => {
  it('keeps a placeholder until the image loads, then shows the manifesto and the 16 members', async () => {
    const { container } = render(<DatosAguaPage {...shared} texts={sampleManifestoTexts} members={members} />);
    const window = container.querySelector('figure')!;
    expect(window).toHaveAttribute('data-loaded', 'false');
    fireEvent.load(screen.getByRole('img', { name: /río/ }));
    expect(window).toHaveAttribute('data-loaded', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Manifiesto' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Miembros' })).toBeInTheDocument();
    expect(screen.getByRole('list').children).toHaveLength(16);
    expect(screen.getByRole('img', { name: 'Miembro 16' })).toBeInTheDocument();
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });
});
