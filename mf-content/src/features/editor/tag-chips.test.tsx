import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { storyLimits } from '@gota/shared/contracts';
import { TagChips } from './tag-chips';

function Chips({ start = [] as string[] }) {
  const [tags, setTags] = useState(start);
  return (
    <>
      <TagChips id="etiquetas" tags={tags} onTagsChange={setTags} />
      <output>{tags.join('|')}</output>
    </>
  );
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Etiquetas de la historia' }))
    .queryAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

describe('tag chips', () => {
  it('adds a tag in capitals with Enter or a comma', async () => {
    const user = userEvent.setup();
    render(<Chips />);
    const box = screen.getByRole('textbox', { name: 'Etiquetas' });
    await user.type(box, 'agua limpia{Enter}');
    await user.type(box, 'niñez,');
    expect(chips()).toEqual(['AGUA LIMPIA', 'NIÑEZ']);
    expect(box).toHaveValue('');
    expect(screen.getByText('Etiqueta NIÑEZ añadida.')).toBeInTheDocument();
  });

  it('removes the last with Backspace in the empty box, and any with its ×', async () => {
    const user = userEvent.setup();
    render(<Chips start={['AGUA', 'ESCUELAS', 'LLUVIA']} />);
    await user.click(screen.getByRole('button', { name: 'Quitar la etiqueta ESCUELAS' }));
    expect(chips()).toEqual(['AGUA', 'LLUVIA']);
    await user.type(screen.getByRole('textbox', { name: 'Etiquetas' }), '{Backspace}');
    expect(chips()).toEqual(['AGUA']);
  });

  it('refuses a repeated tag and more than the limit', async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: storyLimits.tags }, (_, index) => `T${index}`);
    render(<Chips start={full} />);
    const box = screen.getByRole('textbox', { name: 'Etiquetas' });
    await user.type(box, 't1{Enter}');
    expect(screen.getByText('T1 ya está en las etiquetas.')).toBeInTheDocument();
    await user.type(box, 'otra{Enter}');
    expect(screen.getByText(`Como máximo ${storyLimits.tags} etiquetas.`)).toBeInTheDocument();
    expect(chips()).toEqual(full);
  });
});
