import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inRouter } from '@gota/shared/testing';
import { ContentNav, type ContentPage } from './set-history';

/** The addresses of the guides a part of the page links to. */
const guideLinks = (container: HTMLElement = document.body) =>
  [...container.querySelectorAll('a')]
    .map((link) => link.getAttribute('href'))
    .filter((href) => href?.startsWith('/panel/guia/'));

describe('ContentNav', () => {
  it.each<[ContentPage, string, string]>([
    ['panelHistorias', 'historias', 'Guía: publicar una historia'],
    ['panelDatos', 'datos-y-contadores', 'Guía: datos y contadores'],
    ['panelContadores', 'datos-y-contadores', 'Guía: datos y contadores'],
    ['panelTextos', 'textos', 'Guía: textos de las páginas'],
    ['panelDescargas', 'descargas', 'Guía: descargas'],
    ['panelAliados', 'aliados', 'Guía: aliados y miembros'],
  ])('on %s links the other content pages and its own guide, %s, only', (current, guide, label) => {
    render(inRouter(<ContentNav current={current} />, '/panel'));
    const nav = screen.getByRole('navigation', { name: 'Contenido del sitio' });
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', `/panel/guia/${guide}`);
    expect(guideLinks(nav)).toEqual([`/panel/guia/${guide}`]);
    expect(screen.getAllByRole('link')).toHaveLength(6);
  });
});
