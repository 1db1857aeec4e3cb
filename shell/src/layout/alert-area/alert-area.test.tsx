import { alertTiming, useSiteStore, type AlertInput } from '@gota/shared/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeOptions, resetStore } from '../test-utils';
import { AlertArea } from './alert-area';
import { alertSlotRef } from './alert-slot';

const add = (input: AlertInput) => act(() => void useSiteStore.getState().addAlert(input));
const alerts = () => useSiteStore.getState().alerts;
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('AlertArea', () => {
  beforeEach(() => {
    resetStore();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('advances progress every 100 ms, hides at 5000 ms and removes the alert 2000 ms later', () => {
    render(<AlertArea />);
    add({ type: 'success', title: '¡Listo!', subtitle: 'Mensaje enviado con éxito.' });
    expect(screen.getByRole('status').textContent).toContain('Mensaje enviado con éxito.');

    advance(alertTiming.tickMs);
    expect(alerts()[0]?.progress).toBeCloseTo(2);
    advance(2400);
    expect(alerts()[0]?.progress).toBeCloseTo(50);

    advance(2400);
    expect(alerts()[0]?.show).toBe(true);
    advance(100); // 5000 ms
    expect(alerts()[0]).toMatchObject({ show: false, progress: 100 });
    // hidden from assistive technology while it animates out, but still in the page
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Mensaje enviado con éxito.')).toBeVisible();

    advance(alertTiming.removalDelayMs - 1);
    expect(alerts()).toHaveLength(1);
    advance(1);
    expect(alerts()).toHaveLength(0);
    expect(screen.queryByText('Mensaje enviado con éxito.')).toBeNull();
  });

  it('honours its own time', () => {
    render(<AlertArea />);
    add({ title: 'Breve', time: 1000 });
    advance(900);
    expect(alerts()[0]?.show).toBe(true);
    advance(100);
    expect(alerts()[0]?.show).toBe(false);
  });

  it('removes a closable alert at once with its close button', () => {
    render(<AlertArea />);
    add({ type: 'error', title: 'Error', subtitle: 'Esto no debía de haber pasado, intenta más tarde.', closable: true });
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Cerrar alerta' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(alerts()).toHaveLength(0);
    advance(10_000); // no timer of the removed alert is left behind
    expect(alerts()).toHaveLength(0);
  });

  it('has no close button when not closable', () => {
    render(<AlertArea />);
    add({ title: 'Aviso' });
    expect(screen.queryByRole('button', { name: 'Cerrar alerta' })).toBeNull();
  });

  it('interrupts for errors and warnings, waits its turn for info and success', () => {
    render(<AlertArea />);
    add({ type: 'error', title: 'Error' });
    add({ type: 'warning', title: 'Error 419' });
    add({ type: 'info', title: 'Info' });
    add({ type: 'success', title: 'Éxito' });
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['Error', 'Error 419']);
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual(['Info', 'Éxito']);
  });

  it('places alerts by position, top right by default', () => {
    render(<AlertArea />);
    add({ title: 'Por defecto' });
    add({ title: 'Abajo', positionY: 'bottom', positionX: 'center' });
    const stackOf = (text: string) => screen.getByText(text).closest('[data-y]') as HTMLElement;
    expect(stackOf('Por defecto').dataset).toMatchObject({ y: 'top', x: 'right' });
    expect(stackOf('Abajo').dataset).toMatchObject({ y: 'bottom', x: 'center' });
  });

  it('shows a list as a scrollable, focusable list', () => {
    render(<AlertArea />);
    add({
      type: 'warning',
      title: 'Atención',
      subtitle: 'Comprueba que los datos del formulario sean correctos',
      list: ['El correo es obligatorio', 'Máximo 255 caracteres'],
    });
    const list = within(screen.getByRole('alert')).getByRole('list', { name: 'Atención' });
    expect(list.tabIndex).toBe(0);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['El correo es obligatorio', 'Máximo 255 caracteres']);
  });

  it('holds an alert while the pointer is on it', () => {
    render(<AlertArea />);
    add({ title: 'Léeme' });
    const alert = screen.getByRole('status');
    fireEvent.mouseEnter(alert);
    advance(8000);
    expect(alerts()[0]?.show).toBe(true);
    fireEvent.mouseLeave(alert);
    advance(5000);
    expect(alerts()[0]?.show).toBe(false);
  });

  it('keeps one clock per alert under StrictMode', () => {
    render(
      <StrictMode>
        <AlertArea />
      </StrictMode>,
    );
    add({ title: 'Una vez' });
    advance(1000);
    expect(alerts()[0]?.progress).toBeCloseTo(20);
    advance(4000);
    expect(alerts()[0]?.show).toBe(false);
  });

  it("shows the alerts inside the open dialog's slot, and back in the stacks when it closes (#16 row 2)", () => {
    render(<AlertArea />);
    const slot = document.createElement('div');
    document.body.append(slot);
    let release: (() => void) | undefined;
    act(() => {
      release = alertSlotRef(slot);
    });
    add({ type: 'success', title: 'Mensaje enviado con éxito.' });
    expect(slot.textContent).toContain('Mensaje enviado con éxito.');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => release?.());
    expect(slot.textContent).toBe('');
    expect(screen.getByRole('status').closest('[data-x="right"]')).not.toBeNull();
    slot.remove();
  });

  it('stops its timers when unmounted', () => {
    const { unmount } = render(<AlertArea />);
    add({ title: 'Huérfana' });
    unmount();
    advance(10_000);
    expect(alerts()[0]).toMatchObject({ show: true, progress: 0 });
  });

  it('has no axe violations', async () => {
    vi.useRealTimers();
    const { container } = render(<AlertArea />);
    add({ type: 'warning', title: 'Atención', list: ['Uno', 'Dos'], closable: true });
    add({ type: 'success', title: 'Listo', positionY: 'bottom' });
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
