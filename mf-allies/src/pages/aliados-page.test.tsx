import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ally } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { AliadosPage } from './aliados-page';
import { AlliesStrip } from '../features/strip/allies-strip';
import { parseHtml, serverHtmlAt, widthFreeServerHtml } from '@gota/shared/testing';

const shared = {
  errors: {},
  auth: { user: null },
  appName: 'Gota a Gota',
  seo: { title: '', description: '', keywords: '', url: '', baseUrl: '' },
};
const allies: Ally[] = ['Beta', 'Alfa'].map((empresa) => ({
  empresa,
  img: `/img/aliados/${empresa}.svg`,
  cover: false,
  text: 'Texto',
  link: 'https://aliado.example',
  textBtn: 'Conoce más',
}));

describe('AliadosPage', () => {
  beforeEach(() => useSiteStore.getState().setEmpresaForm(false));

  it('shows the five sections in order with their texts', () => {
    render(<AliadosPage {...shared} allies={allies} />, { wrapper: MemoryRouter });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual([
      'Impulsando un cambio sostenible, una gota a la vez',
      'Nuestros aliados',
      'Únete al cambio que individuos, universidades, gobiernos y empresas están impulsando para lograr un mejor mañana',
      'Gracias',
    ]);
    expect(screen.getByText(/Conoce las iniciativas de nuestros aliados/)).toBeInTheDocument();
    expect(screen.getByText('A todos nuestros aliados por unirse al esfuerzo de construir un mundo mejor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MÁS INFORMACIÓN sobre Gota a Gota' })).toHaveAttribute('href', '/quienes-somos');
    expect(screen.getByRole('img', { name: 'Alfa' })).toBeInTheDocument();
  });

  it.each([0, 1])('join button %i opens the company form', async (index) => {
    const user = userEvent.setup();
    render(<AliadosPage {...shared} allies={allies} />, { wrapper: MemoryRouter });
    const buttons = screen.getAllByRole('button', { name: '¿quieres sumarte?' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[index]!);
    expect(useSiteStore.getState().empresaForm).toBe(true);
  });
});

describe('AlliesStrip', () => {
  /** The strip on its own, its carousel, and one attribute of each of its logos in order. */
  function renderStrip() {
    render(<AlliesStrip allies={allies} />, { wrapper: MemoryRouter });
    const carousel = screen.getByRole('region', { name: 'Logotipos de nuestros aliados' });
    const logos = (attribute: string) =>
      within(carousel)
        .getAllByRole('img')
        .map((img) => img.getAttribute(attribute));
    return { carousel, logos };
  }

  it('shows the logos without popups and links to the Aliados page', () => {
    const { carousel, logos } = renderStrip();
    expect(logos('alt')).toEqual(['Beta', 'Alfa']);
    expect(within(carousel).queryByRole('button', { name: 'Alfa' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Conoce a nuestros aliados' })).toHaveAttribute('href', '/aliados');
  });

  it('leaves every logo to load when the visitor nears it: the strip is far below the home page’s first view', () => {
    expect(renderStrip().logos('loading')).toEqual(['lazy', 'lazy']);
  });
});

describe('on the server', () => {
  it('the Aliados page holds every ally’s name, description and link whatever the width (product §2, readable without JavaScript)', () => {
    const page = <AliadosPage {...shared} allies={allies} />;
    const html = widthFreeServerHtml(<MemoryRouter>{page}</MemoryRouter>);
    for (const ally of allies) {
      expect(html.querySelector(`img[alt="${ally.empresa}"]`)).not.toBeNull();
      expect([...html.querySelectorAll('p')].map((p) => p.textContent)).toContain(ally.empresa);
    }
    expect(html.querySelectorAll('a[href="https://aliado.example"]')).toHaveLength(allies.length);
  });

  it('the home strip renders every logo the same at every width', () => {
    const strip = (
      <MemoryRouter>
        <AlliesStrip allies={allies} />
      </MemoryRouter>
    );
    const phone = serverHtmlAt(375, strip);
    expect(serverHtmlAt(1920, strip)).toBe(phone);
    expect([...parseHtml(phone).querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['Beta', 'Alfa']);
  });
});
