import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { axeOptions } from '../../testing/axe';
import { ConfirmMenu } from './confirm-menu';

describe('ConfirmMenu', () => {
  it('opens a small menu asking "¿Estás seguro?" with NO and SI, focus on NO', async () => {
    const user = userEvent.setup();
    render(<ConfirmMenu label="Eliminar historia" onConfirm={() => {}} />);
    const activator = screen.getByRole('button', { name: 'Eliminar historia' });
    expect(activator.getAttribute('aria-expanded')).toBe('false');
    await user.click(activator);
    expect(activator.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: '¿Estás seguro?' })).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'NO' }));
    expect(screen.getByRole('button', { name: 'SI' })).toBeVisible();
  });

  it('emits confirm on SI and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmMenu label="Eliminar" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(screen.getByRole('button', { name: 'SI' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('closes on NO and on Escape without confirming, focus back on the activator', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmMenu label="Eliminar" onConfirm={onConfirm} />);
    const activator = screen.getByRole('button', { name: 'Eliminar' });
    await user.click(activator);
    await user.click(screen.getByRole('button', { name: 'NO' }));
    expect(screen.queryByRole('group')).toBeNull();
    await user.click(activator);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(activator);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('uses the error colour by default and accepts other texts', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <ConfirmMenu label="Quitar" onConfirm={() => {}} title="¿Quitar?" noText="Cancelar" yesText="Quitar ya" color="primary" />,
    );
    expect(container.firstElementChild?.getAttribute('data-color')).toBe('primary');
    await user.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(screen.getByRole('group', { name: '¿Quitar?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    render(<ConfirmMenu label="Borrar" onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Borrar' }).parentElement?.getAttribute('data-color')).toBe('error');
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(<ConfirmMenu label="Eliminar" onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const results = await axe.run(document.body, axeOptions);
    expect(results.violations).toEqual([]);
  });
});
