import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';

const axeOptions = { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } };

describe('Button', () => {
  it('is a button that does not submit its form, named by its label', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button aria-label="Cerrar alerta" onClick={onClick}>
          <svg aria-hidden="true" focusable="false" />
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Cerrar alerta' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is reached with the keyboard and pressed with Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button aria-label="Siguiente" onClick={onClick}>
        ›
      </Button>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Siguiente' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is a link when given an address, and keeps the caller class', () => {
    render(
      <Button href="#mapa" aria-label="Menú: mapa del sitio" className="propia">
        ≡
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Menú: mapa del sitio' });
    expect(link.getAttribute('href')).toBe('#mapa');
    expect(link.className).toContain('propia');
  });

  it('is a labelled pill for an action, whose class a router link can wear too', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <div>
        <Button shape="pill" variant="filled" onClick={onClick}>
          Reintentar
        </Button>
        <a href="/" className={buttonClass({ variant: 'filled', shape: 'pill' }, 'propia')}>
          Volver al inicio
        </a>
      </div>,
    );
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    await user.click(retry);
    expect(onClick).toHaveBeenCalledOnce();
    const link = screen.getByRole('link', { name: 'Volver al inicio' });
    // the same classes: a link that starts an action looks like the buttons that do
    expect(link.className).toBe(`${retry.className} propia`);
  });

  it('has no axe violation in each variant, disabled included', async () => {
    const { container } = render(
      <div>
        <Button aria-label="Anterior" variant="outlined" aria-disabled>
          ‹
        </Button>
        <Button aria-label="Siguiente" variant="filled">
          ›
        </Button>
        <Button aria-label="Cambiar tema">◐</Button>
        <Button shape="pill" variant="filled">
          Reintentar
        </Button>
        <Button shape="pill" variant="filled" href="/kit.zip" download="kit.zip">
          DESCARGAR
        </Button>
      </div>,
    );
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
