import { act, fireEvent } from '@testing-library/react';
import { Suspense, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldSubmitsGlobal, liveFormProperty, type HeldSubmit } from '@gota/shared/contracts';
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

const globals = window as unknown as Partial<Record<string, HeldSubmit[]>>;

// each test hydrates its own root over server HTML; what it leaves behind goes before the next
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  delete globals[heldSubmitsGlobal];
});

describe('text typed before the page hydrates', () => {

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

/** A page section as the shell renders one: inside the Suspense boundary of its federated slot. */
function SignInSection({ onSend }: { onSend: (values: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(`${email}|${password}`);
  };
  return (
    <Suspense fallback={<p>Cargando...</p>}>
      <form noValidate onSubmit={submit}>
        <TextField id="email" label="Correo" value={email} onValueChange={setEmail} />
        <PasswordField id="password" label="Contraseña" value={password} onValueChange={setPassword} />
        <button type="submit">Entrar</button>
      </form>
    </Suspense>
  );
}

describe('a form sent before the page hydrates', () => {

  it('is sent once its fields are live, once, with what the visitor typed', async () => {
    const onSend = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInSection onSend={onSend} />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#email')!.value = 'ana@example.com';
    container.querySelector<HTMLInputElement>('#password')!.value = 'secreta123';
    // pressed twice while the scripts loaded: the document's inline script held both
    const form = container.querySelector('form')!;
    const button = container.querySelector('button')!;
    const other = document.createElement('form');
    globals[heldSubmitsGlobal] = [
      { form, submitter: button },
      { form: other, submitter: null },
      { form, submitter: button },
    ];
    await act(async () => {
      root = hydrateRoot(container, <SignInSection onSend={onSend} />);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('ana@example.com|secreta123');
    // the form is live: the script lets its next submissions through to React; other forms' stay held
    expect((form as unknown as Record<string, unknown>)[liveFormProperty]).toBe(true);
    expect(globals[heldSubmitsGlobal]).toEqual([{ form: other, submitter: null }]);
  });

  it('sends nothing when nothing was held', async () => {
    const onSend = vi.fn();
    globals[heldSubmitsGlobal] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInSection onSend={onSend} />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <SignInSection onSend={onSend} />);
    });
    expect(onSend).not.toHaveBeenCalled();
  });
});
