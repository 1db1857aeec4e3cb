import { Editor } from '@tiptap/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyExtensions } from './body-editor';
import { LinkDialog, linkRefusedMessage } from './link-dialog';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** A headless editor with the body's schema, from Markdown or HTML. */
function open(content: string, contentType: 'markdown' | 'html') {
  editor = new Editor({ extensions: bodyExtensions, content, contentType });
  return editor;
}

describe("the body's schema", () => {
  it('keeps what the site keeps, and writes it back as Markdown', () => {
    const markdown =
      '## Sección\n\n### Parte\n\nTexto **fuerte** y *suave* con [un enlace](https://gotaagota.mx) y [otro](/historias).\n\n- uno\n- dos\n\n1. primero\n\n> una cita';
    const out = open(markdown, 'markdown').getMarkdown();
    for (const piece of [
      '## Sección',
      '### Parte',
      '**fuerte**',
      '*suave*',
      '[un enlace](https://gotaagota.mx)',
      '[otro](/historias)',
      '- uno',
      '1. primero',
      '> una cita',
    ]) {
      expect(out).toContain(piece);
    }
  });

  it('reduces pasted HTML to it: no h1, image, iframe, script, code or strike; their text stays', () => {
    const out = open(
      '<h1>Grande</h1><p><img src="/x.png" alt="x">Hola <s>tachado</s> <code>codigo</code> <u>sub</u></p><iframe src="https://mal.example"></iframe><script>alert(1)</script><pre><code>bloque</code></pre><hr>',
      'html',
    ).getMarkdown();
    expect(out).toContain('Grande');
    expect(out).toContain('tachado');
    expect(out).toContain('bloque');
    expect(out).not.toMatch(/^#\s/m);
    expect(out).not.toMatch(/!\[|<img|<iframe|<script|alert\(1\)|~~|`|<u>|^---$/m);
  });

  it('drops a javascript: link, pasted as HTML or written in Markdown, and keeps its text', () => {
    const fromHtml = open(
      '<p><a href="javascript:alert(1)">pulsa</a> y <a href="mailto:hola@gotaagota.mx">escribe</a></p>',
      'html',
    ).getMarkdown();
    expect(fromHtml).not.toContain('javascript:');
    expect(fromHtml).toContain('pulsa');
    expect(fromHtml).toContain('[escribe](mailto:hola@gotaagota.mx)');
    editor!.destroy();
    const fromMarkdown = open('[pulsa](javascript:alert(1))', 'markdown').getMarkdown();
    expect(fromMarkdown).not.toContain('javascript:');
    expect(fromMarkdown).toContain('pulsa');
  });

  it('cannot be given a javascript: link by command either', () => {
    const body = open('texto', 'markdown');
    body.commands.selectAll();
    body.commands.setLink({ href: 'javascript:alert(1)' });
    expect(body.getMarkdown()).not.toContain('javascript:');
  });
});

describe('the link dialog', () => {
  it('refuses a javascript: address with a clear message, and applies an https one', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<LinkDialog open current="" onApply={onApply} onRemove={() => {}} onClose={() => {}} onClosed={() => {}} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Añadir un enlace' }));
    const address = dialog.getByRole('textbox', { name: 'Dirección del enlace' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(dialog.getByRole('button', { name: 'Aplicar el enlace' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(dialog.getByText(linkRefusedMessage)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await user.clear(address);
    await user.type(address, 'https://gotaagota.mx/aliados');
    await user.click(dialog.getByRole('button', { name: 'Aplicar el enlace' }));
    expect(onApply).toHaveBeenCalledWith('https://gotaagota.mx/aliados');
  });
});
