import { useSiteStore } from '@gota/shared/store';
import { axeOptions, pageProps, freshClientEachTest } from '@gota/shared/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { RegistroPage } from './registro-page';
import { RecuperarContrasenaPage } from './recuperar-contrasena-page';
import { ResetearContrasenaPage } from './resetear-contrasena-page';

const shared = pageProps('/');
const network = freshClientEachTest();
/** What each request sent: its address and its JSON body. */
const sent = () => network.sent.map(({ url, json }) => ({ url, body: json }));

function answer(status: number, data: unknown = {}): void {
  network.reply({ status, data });
}

/** The page at `path` with a user to act on it (set up before the render, as user-event asks). */
function renderAt(path: string, page: ReactElement) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="/" element={<h1>Inicio</h1>} />
        <Route path="/login" element={<h1>Página de inicio de sesión</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}
const alertText = () => useSiteStore.getState().alerts.map((alert) => alert.subtitle);
const shownAlertText = () =>
  useSiteStore
    .getState()
    .alerts.filter((alert) => alert.show)
    .map((alert) => alert.subtitle);

afterEach(() => vi.useRealTimers());

describe('LoginPage', () => {
  it('sends a username when there is no at-sign, submits with Enter and goes to the route it is given', async () => {
    answer(200, { route: 'index' });
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana.lopez');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto-largo{Enter}');
    expect(sent()[0]).toEqual({ url: '/login', body: { username: 'ana.lopez', password: 'secreto-largo', remember: false } });
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeVisible();
  });

  it('sends the page it was sent from with the sign-in and goes back there; an off-site answer goes home', async () => {
    answer(200, { url: '/panel/mensajes/abc?volver=%2Fpanel' });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/login?volver=x']}>
        <Routes>
          <Route path="/login" element={<LoginPage {...shared} returnTo="/panel/mensajes/abc?volver=%2Fpanel" />} />
          <Route path="/panel/mensajes/abc" element={<h1>Mensaje</h1>} />
          <Route path="/" element={<h1>Inicio</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana@agua.mx');
    await user.type(screen.getByLabelText('Contraseña'), 'x{Enter}');
    expect(sent()[0]?.body).toEqual({
      email: 'ana@agua.mx',
      password: 'x',
      remember: false,
      volver: '/panel/mensajes/abc?volver=%2Fpanel',
    });
    expect(await screen.findByRole('heading', { name: 'Mensaje' })).toBeVisible();
  });

  it('refuses an answer that would lead to another site', async () => {
    for (const url of ['//malo.example/panel', 'https://malo.example', '/\\malo.example']) {
      answer(200, { url });
      const { user, unmount } = renderAt('/entrar', <LoginPage {...shared} returnTo={null} />);
      await user.type(screen.getByLabelText('Correo / Usuario'), 'ana@agua.mx');
      await user.type(screen.getByLabelText('Contraseña'), 'x{Enter}');
      expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeVisible();
      unmount();
    }
  });

  it('sends an email when there is an at-sign, with Recordarme', async () => {
    answer(200, { route: 'index' });
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    await user.type(screen.getByLabelText('Correo / Usuario'), ' ana@agua.mx ');
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    await user.click(screen.getByLabelText('Recordarme'));
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(sent()[0]?.body).toEqual({ email: 'ana@agua.mx', password: 'x', remember: true });
  });

  it('shows the wrong-credentials message on the field, in the summary and in an alert', async () => {
    answer(422, {
      message: 'Estas credenciales no coinciden con nuestros registros',
      errors: { username: ['Estas credenciales no coinciden con nuestros registros'] },
    });
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana{Enter}');
    expect(screen.getByLabelText('Correo / Usuario').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Estas credenciales no coinciden con nuestros registros' })).toBeVisible();
    expect(alertText()).toEqual(['Estas credenciales no coinciden con nuestros registros']);
  });

  it('is busy while in flight: the button keeps its name, is disabled and aria-busy', async () => {
    let release: () => void = () => {};
    network.respondWith(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, data: { route: 'index' } };
    });
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana{Enter}');
    const button = screen.getByRole('button', { name: 'Iniciar Sesión' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    await act(async () => release());
  });

  it('takes an email or a username in a text field whose autocomplete is username (#16 row 14)', () => {
    renderAt('/entrar', <LoginPage {...shared} />);
    const field = screen.getByLabelText('Correo / Usuario');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('autocomplete', 'username');
    expect(field).toHaveAttribute('inputmode', 'email');
  });

  it('links to password recovery and has no axe violations', async () => {
    renderAt('/entrar', <LoginPage {...shared} />);
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe('/recuperar-contrasena');
    const results = await axe.run(document.body, axeOptions);
    expect(results.violations).toEqual([]);
  });
});

describe('auth error catalogue on the pages', () => {
  it("says to wait a minute on 429 and names other statuses in Spanish; only the latest attempt's alert shows", async () => {
    const { user } = renderAt('/recuperar', <RecuperarContrasenaPage {...shared} />);
    answer(429, { message: 'x' });
    await user.type(screen.getByLabelText('Correo'), 'ana@agua.mx{Enter}');
    answer(503, {});
    await user.click(screen.getByRole('button', { name: 'Recuperar' }));
    expect(alertText()).toEqual([
      'Demasiados intentos, espera un minuto',
      'Error: 503, Esto no debía de haber pasado, intenta más tarde',
    ]);
    expect(shownAlertText()).toEqual(['Error: 503, Esto no debía de haber pasado, intenta más tarde']);
  });

  it('asks to reload the page on 419, never with the English status text', async () => {
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    answer(419, { message: 'x' });
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana{Enter}');
    expect(alertText()).toEqual(['Error 419, No te reconocemos, por favor recarga la página.']);
    expect(screen.getByRole('alert', { name: 'Hay un problema' }).textContent).toContain(
      'Error 419, No te reconocemos, por favor recarga la página.',
    );
  });
});

describe('each attempt starts clean', () => {
  it('a 429 after wrong credentials leaves only the 429 in the summary and on screen', async () => {
    const { user } = renderAt('/entrar', <LoginPage {...shared} />);
    answer(422, {
      message: 'Estas credenciales no coinciden con nuestros registros',
      errors: { username: ['Estas credenciales no coinciden con nuestros registros'] },
    });
    await user.type(screen.getByLabelText('Correo / Usuario'), 'ana{Enter}');
    answer(429, { message: 'Demasiados intentos, espera un minuto' });
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(summary.textContent).not.toContain('Estas credenciales');
    expect(summary.textContent).toContain('Demasiados intentos, espera un minuto');
    expect(screen.getByLabelText('Correo / Usuario').getAttribute('aria-invalid')).not.toBe('true');
    expect(shownAlertText()).toEqual(['Demasiados intentos, espera un minuto']);
  });

  it('a registration that succeeds after a failure leaves no error alert behind on the next page', async () => {
    const { user } = renderAt('/alta', <RegistroPage {...shared} />);
    answer(422, { message: 'x', errors: { password: ['La contraseña debe tener al menos 8 caracteres'] } });
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(shownAlertText()).toEqual(['La contraseña debe tener al menos 8 caracteres']);
    answer(201, { url: '/' });
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeVisible();
    expect(shownAlertText()).toEqual([]);
  });

  it('leaving the page hides its alerts', async () => {
    const { user, unmount } = renderAt('/resetear-contrasena/abc', <ResetearContrasenaPage {...shared} token="abc" />);
    answer(422, { message: 'x', errors: { password_confirmation: ['Las contraseñas no coinciden'] } });
    await user.click(screen.getByRole('button', { name: 'Establecer' }));
    expect(shownAlertText()).toEqual(['Las contraseñas no coinciden']);
    unmount();
    expect(shownAlertText()).toEqual([]);
  });
});

describe('RecuperarContrasenaPage', () => {
  it('shows the info message after sending', async () => {
    answer(200, { message: 'ok' });
    const { user } = renderAt('/recuperar', <RecuperarContrasenaPage {...shared} />);
    await user.type(screen.getByLabelText('Correo'), 'ana@agua.mx{Enter}');
    expect(sent()[0]).toEqual({ url: '/recuperar-contrasena', body: { email: 'ana@agua.mx' } });
    expect(screen.getByRole('status').textContent).toBe('Se envió un email de recuperación de contraseña al correo indicado');
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/login');
  });
});

describe('RegistroPage', () => {
  it('shows and hides each password with its toggle, and goes to the url it is given', async () => {
    answer(201, { url: '/' });
    const { user } = renderAt('/alta', <RegistroPage {...shared} />);
    const password = screen.getByLabelText('Nueva contraseña');
    const [toggle] = screen.getAllByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle?.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle!);
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Confirmar contraseña').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Correo').getAttribute('type')).toBe('text');

    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'López');
    await user.type(screen.getByLabelText('Correo'), 'ana@agua.mx');
    await user.type(password, ' clave larga ');
    await user.type(screen.getByLabelText('Confirmar contraseña'), ' clave larga ');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(sent()[0]?.body).toEqual({
      name: 'Ana',
      last_name: 'López',
      email: 'ana@agua.mx',
      password: ' clave larga ',
      password_confirmation: ' clave larga ',
    });
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeVisible();
  });

  it('sends where to come back to (an invitation to the team) with the registration, also in a hidden field', async () => {
    answer(201, { url: '/' });
    const { user } = renderAt('/alta', <RegistroPage {...shared} returnTo="/invitacion/abc" />);
    expect(document.querySelector<HTMLInputElement>('input[type=hidden][name=volver]')?.value).toBe('/invitacion/abc');
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'López');
    await user.type(screen.getByLabelText('Correo'), 'ana@agua.mx');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'clave larga');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'clave larga');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(sent()[0]?.body).toMatchObject({ email: 'ana@agua.mx', volver: '/invitacion/abc' });
  });
});

describe('ResetearContrasenaPage', () => {
  it('counts down from 5 s, staying busy, then goes to the login page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(200, { message: 'ok', url: '/login' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/resetear-contrasena/abc', <ResetearContrasenaPage {...shared} token="abc" />);
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva-clave');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva-clave{Enter}');
    expect(sent()[0]?.url).toBe('/resetear-contrasena/abc');
    expect(screen.getByRole('status').textContent).toBe('Se restableció correctamente la contraseña, Redirigiendo en 5 s');
    expect(screen.getByRole('button', { name: 'Establecer' }).getAttribute('aria-busy')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status').textContent).toBe('Se restableció correctamente la contraseña, Redirigiendo en 4 s');
    for (let second = 4; second > 0; second--) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Página de inicio de sesión' })).toBeVisible();
  });

  it('lists a token message, which belongs to no field, in the summary', async () => {
    answer(422, {
      message: 'El enlace…',
      errors: { token: ['El enlace para restablecer la contraseña no es válido o ya caducó. Solicita uno nuevo.'] },
    });
    const { user } = renderAt('/resetear-contrasena/abc', <ResetearContrasenaPage {...shared} token="abc" />);
    await user.click(screen.getByRole('button', { name: 'Establecer' }));
    expect(
      screen.getAllByText('El enlace para restablecer la contraseña no es válido o ya caducó. Solicita uno nuevo.'),
    ).toHaveLength(1);
  });
});

// Decision 043: the page the API answers a form posted without JavaScript with, and the form the browser posts.
describe('the account pages as the answer to a form sent without JavaScript', () => {
  it('posts the sign-in form itself to /login, every control named, `volver` in a hidden field', () => {
    const { container } = renderAt('/entrar', <LoginPage {...shared} returnTo="/panel?estado=nuevo" />);
    const form = container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/login']);
    const names = [...form.querySelectorAll('input')].map((input) => [input.name, input.type]);
    expect(names).toEqual([
      ['volver', 'hidden'],
      ['email', 'text'],
      ['password', 'password'],
      ['remember', 'checkbox'],
    ]);
    expect(form.querySelector<HTMLInputElement>('input[name=volver]')!.value).toBe('/panel?estado=nuevo');
  });

  it("shows the server's messages and what was sent from the first render, a message of no field in the summary", async () => {
    const user = userEvent.setup();
    const errors = {
      email: 'Estas credenciales no coinciden con nuestros registros',
      form: 'Demasiados intentos, espera un minuto',
    };
    renderAt('/entrar', <LoginPage {...shared} errors={errors} values={{ email: 'ana.lopez', remember: 'on' }} />);
    expect(screen.getByLabelText<HTMLInputElement>('Correo / Usuario').value).toBe('ana.lopez');
    expect(screen.getByLabelText('Correo / Usuario').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Recordarme').checked).toBe(true);
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(summary.textContent).toContain(errors.email);
    expect(summary.textContent).toContain(errors.form);
    // with the script the next attempt goes as JSON, as always
    answer(200, { route: 'index' });
    await user.type(screen.getByLabelText('Contraseña'), 'secreto-largo{Enter}');
    expect(sent()[0]).toEqual({ url: '/login', body: { username: 'ana.lopez', password: 'secreto-largo', remember: true } });
  });

  it("shows recovery's message, and the reset's with its button kept busy", () => {
    renderAt(
      '/recuperar',
      <RecuperarContrasenaPage {...shared} notice="Se envió un email de recuperación de contraseña al correo indicado" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Se envió un email de recuperación de contraseña al correo indicado');
    const { container } = renderAt(
      '/resetear',
      <ResetearContrasenaPage {...shared} token={'A'.repeat(43)} notice="Se restableció correctamente la contraseña" />,
    );
    expect(container.querySelector('form')!.getAttribute('action')).toBe(`/resetear-contrasena/${'A'.repeat(43)}`);
    expect(screen.getAllByRole('status').at(-1)!.textContent).toBe('Se restableció correctamente la contraseña');
    expect(screen.getByRole('button', { name: 'Establecer' }).getAttribute('aria-busy')).toBe('true');
  });
});
