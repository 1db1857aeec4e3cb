import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { characterCount, CountedField } from './counted-field';

function Excerpt({ limit }: { limit: number }) {
  const [value, setValue] = useState('');
  return <CountedField id="resumen" label="Resumen" value={value} onValueChange={setValue} limit={limit} />;
}

describe('a counted field', () => {
  it('counts characters (an accent is one) against the limit, and says how many are over', async () => {
    const user = userEvent.setup();
    render(<Excerpt limit={5} />);
    // near the limit the count is also said (a polite live region); shown, it is in the paragraph under the field
    const shown = (text: string) => screen.getAllByText(text).find((node) => node.tagName === 'P');
    expect(shown('0 de 5 caracteres')).toHaveAttribute('data-over', 'false');
    await user.type(screen.getByRole('textbox', { name: 'Resumen' }), 'Año');
    expect(shown('3 de 5 caracteres')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Resumen' }), ' agua');
    expect(shown('8 de 5 caracteres: sobran 3')).toHaveAttribute('data-over', 'true');
  });

  it('writes big numbers the Mexican way', () => {
    expect(characterCount(1200, 100_000)).toBe('1,200 de 100,000 caracteres');
  });
});
