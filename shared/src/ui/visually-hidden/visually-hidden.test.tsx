import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessible name of what holds it', () => {
    render(
      <a href="https://example.org" target="_blank" rel="noreferrer">
        Fuente<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Fuente (se abre en una pestaña nueva)' })).toBeVisible();
  });

  it('labels a field as a label element, with no axe violation', async () => {
    const { container } = render(
      <form>
        <VisuallyHidden as="label" htmlFor="buscar">
          Buscar en el sitio
        </VisuallyHidden>
        <input id="buscar" type="search" />
      </form>,
    );
    const label = container.querySelector('label');
    expect(label?.getAttribute('for')).toBe('buscar');
    expect(screen.getByRole('searchbox', { name: 'Buscar en el sitio' })).toBeVisible();
    const results = await axe.run(container, { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('adds its class to the one it is given', () => {
    render(<VisuallyHidden className="extra">Menú</VisuallyHidden>);
    expect(screen.getByText('Menú').className.split(' ')).toHaveLength(2);
  });
});
