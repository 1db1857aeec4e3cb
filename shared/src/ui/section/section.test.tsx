import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { Section } from './section';

describe('Section', () => {
  it('is a region named by its heading, with the heading first', () => {
    render(
      <Section id="miembros" title="Miembros" className="section" titleClassName="title">
        <p>Dieciséis organizaciones.</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Miembros' });
    expect(region.className).toBe('section');
    const heading = screen.getByRole('heading', { level: 2, name: 'Miembros' });
    expect(heading.id).toBe('miembros');
    expect(heading.className).toBe('title');
    expect(region.firstElementChild).toBe(heading);
  });

  it('takes another heading level, with no axe violation', async () => {
    const { container } = render(
      <main>
        <Section id="manifiesto" title="Manifiesto" headingLevel={1}>
          <p>Cada gota cuenta.</p>
        </Section>
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Manifiesto' })).toBeVisible();
    const results = await axe.run(container, { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});
