import { Editor } from '@tiptap/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { factMarkupProblem } from '@gota/shared/schemas';
import { FactEditor, factExtensions, factHtml } from './fact-editor';

let editor: Editor | undefined;
// jsdom lays nothing out: ProseMirror asks where the selection is, to keep it in view
beforeAll(() => {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterEach(() => editor?.destroy());

function open(html: string) {
  editor = new Editor({ extensions: factExtensions, content: `<p>${html}</p>` });
  return editor;
}

/** Selects `words` in the fact (ProseMirror positions: the paragraph opens at 0, its text starts at 1). */
function select(fact: Editor, words: string) {
  const start = fact.state.doc.textContent.indexOf(words) + 1;
  fact.commands.setTextSelection({ from: start, to: start + words.length });
}

describe("a fact's schema", () => {
  it('keeps the highlights the site shows and writes them back as the server keeps them', () => {
    const html = 'Solo <mark>el 3&nbsp;% del agua</mark> es dulce, y <strong>poca</strong> está <em>a la mano</em>.';
    const out = factHtml(open(html));
    expect(out).toBe(html);
    expect(factMarkupProblem(out)).toBeUndefined();
  });

  it('marks the selected words with «Negrita», «Cursiva» and «Resaltar», and takes a mark away again', () => {
    const fact = open('Una llave que gotea pierde 30 litros al día.');
    select(fact, '30 litros');
    fact.chain().toggleMark('highlight').run();
    expect(factHtml(fact)).toBe('Una llave que gotea pierde <mark>30 litros</mark> al día.');
    select(fact, 'gotea');
    fact.chain().toggleBold().run();
    fact.chain().toggleItalic().run();
    expect(factHtml(fact)).toMatch(/<strong><em>gotea<\/em><\/strong>|<em><strong>gotea<\/strong><\/em>/);
    select(fact, '30 litros');
    fact.chain().toggleMark('highlight').run();
    expect(factHtml(fact)).not.toContain('<mark>');
    expect(factMarkupProblem(factHtml(fact))).toBeUndefined();
  });

  it('reduces pasted HTML to text and highlights: no link, heading, list, image, script or second paragraph', () => {
    const fact = open('');
    fact.commands.insertContent(
      '<h1>Grande</h1><p>Hola <a href="javascript:alert(1)">pulsa</a> <img src="/x.png"><script>alert(1)</script></p><ul><li>uno</li></ul><p>otro <span class="resaltado">dato</span></p>',
    );
    const out = factHtml(fact);
    expect(out).not.toMatch(/<(a|h1|img|script|ul|li|p)\b|alert/);
    for (const text of ['Grande', 'pulsa', 'uno']) expect(out).toContain(text);
    expect(out).toContain('<mark>dato</mark>');
    expect(factMarkupProblem(out)).toBeUndefined();
  });

  it('stays one paragraph: Enter does not split the fact', () => {
    const fact = open('Una frase');
    fact.commands.setTextSelection(4);
    const handled = fact.view.someProp('handleKeyDown', (handle) =>
      handle(fact.view, new KeyboardEvent('keydown', { key: 'Enter' })),
    );
    expect(handled).toBe(true);
    expect(factHtml(fact)).toBe('Una frase');
  });

  it('escapes what is typed, so text that looks like HTML stays text', () => {
    const fact = open('');
    fact.commands.insertContent({ type: 'text', text: 'menos de <5 litros & más' });
    const out = factHtml(fact);
    expect(out).toBe('menos de &lt;5 litros &amp; más');
    expect(factMarkupProblem(out)).toBeUndefined();
  });
});

describe('the fact editor', () => {
  it('has a toolbar of three named buttons that say whether the selection has each mark', async () => {
    const onChange = vi.fn();
    render(<FactEditor id="dato-1" label="Dato 1" initial="Un <strong>dato</strong>" onChange={onChange} />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Formato de dato 1' });
    for (const name of ['Negrita', 'Cursiva', 'Resaltar']) expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    const box = await screen.findByRole('textbox', { name: 'Dato 1' });
    expect(box).toHaveTextContent('Un dato');
    await userEvent.click(screen.getByRole('button', { name: 'Resaltar' }));
    expect(screen.getByRole('button', { name: 'Resaltar' })).toHaveAttribute('aria-pressed', 'true');
  });
});
