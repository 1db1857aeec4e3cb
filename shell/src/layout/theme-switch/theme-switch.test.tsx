import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeOptions, resetStore } from '../test-utils';
import { ThemeSwitch } from './theme-switch';

describe('ThemeSwitch', () => {
  beforeEach(resetStore);

  it('toggles the dark class on the body, stores the choice and says what it will do next', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);

    await user.click(screen.getByRole('button', { name: 'Activar modo oscuro' }));
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('localIsDark')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Activar modo claro' }));
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('localIsDark')).toBe('false');
    expect(screen.getByRole('button', { name: 'Activar modo oscuro' })).toBeVisible();
  });

  it('has no axe violations', async () => {
    const { container } = render(<ThemeSwitch />);
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
