import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { axeOptions } from '../../testing/axe';
import { Popup } from './popup';

function Example({ keepMounted = false, initiallyOpen = false }: { keepMounted?: boolean; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <main>
      <button ref={trigger} type="button" aria-expanded={open} aria-controls="lista" onClick={() => setOpen((value) => !value)}>
        Compartir
      </button>
      <Popup open={open} onClose={() => setOpen(false)} trigger={trigger} keepMounted={keepMounted}>
        <ul id="lista">
          <li>
            <a href="#uno">Uno</a>
          </li>
        </ul>
      </Popup>
      <button type="button">Otro botón</button>
    </main>
  );
}

describe('Popup', () => {
  it('toggles from its trigger: a press on the trigger is not a press outside', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Compartir' });
    await user.click(trigger);
    expect(screen.getByRole('link', { name: 'Uno' })).toBeVisible();
    await user.click(trigger);
    expect(screen.queryByRole('link', { name: 'Uno' })).toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives the focus inside it back to the trigger', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Compartir' });
    await user.click(trigger);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Uno' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Uno' })).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('closes on a press outside it and when the focus leaves it, leaving the focus where it went', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Compartir' });
    await user.click(trigger);
    await user.click(document.body);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Otro botón' })).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays in the document, hidden, when asked to: its text reaches readers without JavaScript', async () => {
    const user = userEvent.setup();
    const html = renderToString(<Example keepMounted />);
    expect(html).toMatch(/<ul id="lista" hidden="">/);
    render(<Example keepMounted />);
    expect(screen.getByRole('link', { name: 'Uno', hidden: true })).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(screen.getByRole('link', { name: 'Uno' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('link', { name: 'Uno', hidden: true })).not.toBeVisible();
  });

  it('is closed on the server unless kept, and has no axe violations when open', async () => {
    expect(renderToString(<Example />)).not.toContain('id="lista"');
    render(<Example initiallyOpen />);
    const results = await axe.run(document.body, axeOptions);
    expect(results.violations).toEqual([]);
  });
});
