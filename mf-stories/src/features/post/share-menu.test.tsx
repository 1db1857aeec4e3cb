import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShareMenu } from './share-menu';

describe('ShareMenu', () => {
  it('reveals Facebook, X and LinkedIn links for the page address and title, and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<ShareMenu url="https://gota.mx/historias/a b" title="Agua & vida" />);
    const button = screen.getByRole('button', { name: 'Compartir Historia' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const url = encodeURIComponent('https://gota.mx/historias/a b');
    expect(screen.getByRole('link', { name: 'Compartir en Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    expect(screen.getByRole('link', { name: 'Compartir en X' })).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${url}&text=Agua%20%26%20vida`,
    );
    expect(screen.getByRole('link', { name: 'Compartir en LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    );
    for (const link of screen.getAllByRole('link')) expect(link).toHaveAttribute('target', '_blank');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
