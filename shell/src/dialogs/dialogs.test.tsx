import { useSiteStore } from '@gota/shared/store';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeOptions, resetStore } from '../layout/test-utils';
import { CompanyDialog, ContactDialog, PrivacyDialog } from '.';

describe('site dialogs', () => {
  beforeEach(resetStore);

  const cases = [
    ['Contáctanos', ContactDialog, 'contactForm', () => useSiteStore.getState().setContactForm(true)],
    ['Súmate como empresa', CompanyDialog, 'empresaForm', () => useSiteStore.getState().setEmpresaForm(true)],
    ['Aviso de privacidad', PrivacyDialog, 'privacyDialog', () => useSiteStore.getState().setPrivacyDialog(true)],
  ] as const;

  for (const [title, Component, flag, open] of cases) {
    it(`'${title}' follows its store flag and closes with 'Cerrar' and with Escape`, async () => {
      const user = userEvent.setup();
      render(<Component />);
      expect(screen.queryByRole('dialog')).toBeNull();

      act(open);
      const dialog = screen.getByRole('dialog', { name: title });
      expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
      expect(useSiteStore.getState()[flag]).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();

      act(open);
      await user.keyboard('{Escape}');
      expect(useSiteStore.getState()[flag]).toBe(false);
    });

    it(`'${title}' has no axe violations`, async () => {
      render(<Component />);
      act(open);
      expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
    });
  }

  it('limits the contact dialog to 1200 px and the company dialog to 1400 px', () => {
    render(<ContactDialog />);
    act(() => useSiteStore.getState().setContactForm(true));
    expect(screen.getByRole('dialog').style.getPropertyValue('--dialog-max-width')).toBe('1200px');
    act(() => useSiteStore.getState().setContactForm(false));
    render(<CompanyDialog />);
    act(() => useSiteStore.getState().setEmpresaForm(true));
    expect(screen.getByRole('dialog').style.getPropertyValue('--dialog-max-width')).toBe('1400px');
  });

  it('gives the privacy notice the terms of product §10.4: ARCO deadlines, office hours, date', () => {
    render(<PrivacyDialog />);
    act(() => useSiteStore.getState().setPrivacyDialog(true));
    const notice = screen.getByRole('dialog', { name: 'Aviso de privacidad' });
    const text = notice.textContent ?? '';
    expect(text).toContain('Grupo Manufacturero Río Claro, S.A. de C.V.');
    expect(text).toContain('20 días hábiles');
    expect(text).toContain('15 días siguientes');
    expect(text).toContain('una sola vez por un periodo igual');
    expect(text).toContain('de 10:00 a 17:00 horas');
    expect(text).toContain('Última actualización: marzo de 2018.');
    expect(within(notice).getByRole('heading', { name: '5. Derechos ARCO' })).toBeVisible();
  });
});
