import { useSiteStore } from '@gota/shared/store';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { PrivacyDialog } from '../../dialogs';
import { axeOptions, renderAt, resetStore } from '../test-utils';
import { Footer } from './footer';

describe('Footer', () => {
  beforeEach(resetStore);

  it('maps the five sections, the facts and manifesto page and signing in', () => {
    renderAt(<Footer />);
    const siteMap = screen.getByRole('navigation', { name: 'Mapa del sitio' });
    expect(
      within(siteMap)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/quienes-somos', '/campana', '/historias', '/aliados', '/datos-agua', '/login']);
    expect(within(siteMap).getByRole('link', { name: 'INICIAR SESIÓN' })).toBeVisible();
  });

  it('leaves signing in out once signed in', () => {
    renderAt(<Footer signedIn />);
    const siteMap = screen.getByRole('navigation', { name: 'Mapa del sitio' });
    expect(within(siteMap).queryByRole('link', { name: 'INICIAR SESIÓN' })).toBeNull();
    expect(within(siteMap).getByRole('link', { name: 'DATOS SOBRE EL AGUA' }).getAttribute('href')).toBe('/datos-agua');
  });

  it('opens the six social profiles in a new tab, safely', () => {
    renderAt(<Footer />);
    const networks = ['Facebook', 'X', 'Instagram', 'TikTok', 'YouTube', 'LinkedIn'];
    for (const network of networks) {
      const link = screen.getByRole('link', { name: `${network} de Gota a Gota` });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(within(screen.getByRole('list', { name: 'Redes sociales' })).getAllByRole('link')).toHaveLength(6);
  });

  it("opens the privacy notice with 'Aviso de privacidad'", async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <Footer />
        <PrivacyDialog />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Aviso de privacidad' }));
    expect(useSiteStore.getState().privacyDialog).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Aviso de privacidad' })).toBeVisible();
  });

  it('shows the copyright line with the current year', () => {
    renderAt(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Gota a Gota. Todos los derechos reservados.`)).toBeVisible();
  });

  it('has no axe violations', async () => {
    const { container } = renderAt(<Footer />);
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
