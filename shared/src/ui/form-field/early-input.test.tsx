import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';
import { TextAreaField, TextField } from './text-field';

function LoginLike() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mensaje, setMensaje] = useState('');
  return (
    <form>
      <TextField id="email" label="Correo" value={email} onValueChange={setEmail} />
      <PasswordField id="password" label="Contraseña" value={password} onValueChange={setPassword} />
      <TextAreaField id="mensaje" label="Mensaje" value={mensaje} onValueChange={setMensaje} />
      <output>{`${email}|${password}|${mensaje}`}</output>
    </form>
  );
}

describe('text typed before the page hydrates', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('is taken into the form, and survives the next render', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginLike />);
    document.body.append(container);
    // the visitor types into the server's HTML while the scripts load
    container.querySelector<HTMLInputElement>('#email')!.value = 'ana@example.com';
    container.querySelector<HTMLInputElement>('#password')!.value = 'secreta123';
    container.querySelector<HTMLTextAreaElement>('#mensaje')!.value = 'Hola';
    await act(async () => {
      root = hydrateRoot(container, <LoginLike />);
    });
    expect(container.querySelector('output')?.textContent).toBe('ana@example.com|secreta123|Hola');
    // another field changes: nothing typed earlier is put back to empty
    fireEvent.change(container.querySelector('#mensaje')!, { target: { value: 'Hola de nuevo' } });
    expect(container.querySelector<HTMLInputElement>('#email')!.value).toBe('ana@example.com');
    expect(container.querySelector('output')?.textContent).toBe('ana@example.com|secreta123|Hola de nuevo');
  });

  it('changes nothing when the fields are as the server sent them', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoginLike />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <LoginLike />);
    });
    expect(container.querySelector('output')?.textContent).toBe('||');
  });
});
