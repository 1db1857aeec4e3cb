import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditorToolbar } from './editor-toolbar';

describe('EditorToolbar', () => {
  it('names each button, says which are pressed, and runs the one pressed', async () => {
    const bold = vi.fn();
    render(
      <EditorToolbar
        label="Formato del dato 1"
        ready
        buttons={[
          { label: 'Negrita', glyph: 'N', pressed: true, run: bold },
          { label: 'Deshacer', glyph: '↶', disabled: true, run: () => {} },
        ]}
      />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Formato del dato 1' });
    expect(toolbar).toBeVisible();
    expect(screen.getByRole('button', { name: 'Negrita', pressed: true })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Negrita' }));
    expect(bold).toHaveBeenCalledOnce();
  });

  it('keeps every button disabled until the editor exists', () => {
    render(
      <EditorToolbar label="Formato" ready={false} buttons={[{ label: 'Cursiva', glyph: 'K', pressed: false, run: () => {} }]} />,
    );
    expect(screen.getByRole('button', { name: 'Cursiva' })).toBeDisabled();
  });
});
