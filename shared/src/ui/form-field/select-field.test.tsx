import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './text-field';

function Estado({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <form>
      <SelectField
        id="estado"
        name="estado"
        label="Estado"
        emptyOption="Todos"
        options={{ nuevo: 'Nuevo', atendido: 'Atendido' }}
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <output>{value || 'ninguno'}</output>
    </form>
  );
}

describe('SelectField', () => {
  it('offers the empty choice first, then the values in order, and reports the one chosen', async () => {
    render(<Estado />);
    const select = screen.getByRole('combobox', { name: 'Estado' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Todos', 'Nuevo', 'Atendido']);
    await userEvent.selectOptions(select, 'atendido');
    expect(screen.getByRole('status').textContent).toBe('atendido');
  });

  it('wires its message as every field does, with no axe violation', async () => {
    const { container } = render(<Estado error="Elige un estado de la lista." />);
    const select = screen.getByRole('combobox', { name: 'Estado' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('estado-error');
    expect(document.getElementById('estado-error')?.textContent).toBe('Error: Elige un estado de la lista.');
    const results = await axe.run(container, { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});
