import { useSiteStore } from '@gota/shared/store';
import { act, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeOptions, resetStore } from '../test-utils';
import { Overlay } from './overlay';

describe('Overlay', () => {
  beforeEach(resetStore);

  it('keeps an empty polite status region while hidden', () => {
    render(<Overlay />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
  });

  it("shows 'Cargando...' with an 80 px spinner by default", () => {
    render(<Overlay />);
    act(() => useSiteStore.getState().setOverlay(true));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Cargando...');
    const spinner = status.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(spinner.style.width).toBe('80px');
    expect(spinner.style.height).toBe('80px');
  });

  it('uses the size and text it is given, and hides again', () => {
    render(<Overlay />);
    act(() => useSiteStore.getState().setOverlay(true, { size: 40, text: 'Enviando...' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Enviando...');
    expect((status.querySelector('[aria-hidden="true"]') as HTMLElement).style.width).toBe('40px');

    act(() => useSiteStore.getState().setOverlay(false));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('has no axe violations while shown', async () => {
    const { container } = render(<Overlay />);
    act(() => useSiteStore.getState().setOverlay(true));
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
