import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GuiaPage } from './guia-page';

describe('Panel/Guia', () => {
  it('shows the guide under its title, with the way back to every guide', () => {
    const props = {
      title: 'Publicar una historia',
      html: '<h2>Dónde está</h2><p>Abre <strong>Historias</strong>.</p>',
      appName: 'Gota a Gota',
      auth: { user: null },
      errors: {},
    };
    render(<GuiaPage {...(props as Parameters<typeof GuiaPage>[0])} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Publicar una historia' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Dónde está' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Todas las guías' })).toHaveAttribute('href', '/panel/guia/indice');
  });
});
