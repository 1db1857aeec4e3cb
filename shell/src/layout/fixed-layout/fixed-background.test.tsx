import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Background } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePage, renderAt, resetStore } from '../test-utils';
import { AppLayout } from '../app-layout';
import { FixedBackground, backgroundBreakpoints } from './fixed-background';

const backgrounds: Background[] = [
  { minWidth: 800, path: '/img/fondo-escritorio.svg', css: 'background-position: left', covers: ['rgba(0, 0, 0, 0.5)'] },
  { minWidth: 0, path: '/img/fondo-movil.svg' },
];

const layers = () => [...screen.getByTestId('fixed-background').children] as HTMLElement[];

describe('the fixed layout (AppLayout with layout: fixed)', () => {
  beforeEach(() => resetStore());

  it('renders one layer per background, narrowest first, each knowing the widths it covers', () => {
    renderAt(<AppLayout page={makePage({ layout: 'fixed', backgrounds })}>Contenido</AppLayout>);
    const [mobile, desktop] = layers();
    expect(mobile?.style.backgroundImage).toContain('fondo-movil.svg');
    expect(mobile?.dataset).toMatchObject({ until: '800' });
    expect(mobile?.dataset.from).toBeUndefined();
    expect(desktop?.style.backgroundImage).toContain('fondo-escritorio.svg');
    expect(desktop?.style.backgroundImage).toContain('linear-gradient(rgba(0, 0, 0, 0.5)');
    expect(desktop?.dataset).toMatchObject({ from: '800' });
    expect(desktop?.dataset.until).toBeUndefined();
    expect(screen.getByTestId('fixed-background').getAttribute('aria-hidden')).toBe('true');
  });

  it('renders the same markup on the server, whatever the width: CSS picks the layer', () => {
    const html = renderToString(<FixedBackground backgrounds={backgrounds} />);
    expect(html).toContain('fondo-movil.svg');
    expect(html).toContain('fondo-escritorio.svg');
    expect(html).toContain('data-from="800"');
    expect(html).toContain('data-until="800"');
  });

  it('has a CSS rule on each side of every breakpoint a background may start at', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'fixed-layout.module.css'), 'utf8').replace(/\s+/g, ' ');
    for (const width of backgroundBreakpoints) {
      expect(css).toContain(`@media (max-width: ${width - 0.02}px) { .layer[data-from='${width}']`);
      expect(css).toContain(`@media (min-width: ${width}px) { .layer[data-until='${width}']`);
    }
  });

  it("falls back to the store's backgrounds when the page brings none", () => {
    useSiteStore.getState().setBackgrounds([{ minWidth: 0, path: '/img/del-store.svg' }]);
    renderAt(<AppLayout page={makePage({ layout: 'fixed' })}>Contenido</AppLayout>);
    expect(layers()[0]?.style.backgroundImage).toContain('del-store.svg');
  });

  it('paints nothing when there is no background at all', () => {
    renderAt(<AppLayout page={makePage({ layout: 'fixed' })}>Contenido</AppLayout>);
    expect(screen.queryByTestId('fixed-background')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('Contenido');
  });
});
