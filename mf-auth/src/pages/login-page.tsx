import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { CheckboxField, ErrorSummary, PasswordField, PostForm, SubmitButton, TextField } from '@gota/shared/ui';
import { Link, useNavigate } from '@gota/shared/router';
import { AuthCard, authCardStyles } from '../features/auth-form/auth-card';
import { pathOfRoute, safePath } from '../features/auth-form/route-from-response';
import { useAuthForm } from '../features/auth-form/use-auth-form';

/**
 * Sign-in (product §2 Login): email or username, password, 'Recordarme'. `returnTo` is the page that sent the visitor
 * here (`/login?volver=`, checked by the server): it goes with the sign-in and the answer's `url` leads back to it.
 * Without JavaScript the browser posts the same form and gets this page back with the server's messages (decision 043).
 */
export function LoginPage({ returnTo, errors, values }: PagePropsOf<'Auth/Login'>) {
  const navigate = useNavigate();
  const { form, otherErrors, attempt } = useAuthForm(
    { email: '', password: '', remember: false as boolean },
    // the server names the field `username` when what was typed has no at-sign: its message goes on this field
    { trim: ['email'], aliases: { username: 'email' } },
    { errors, values },
  );
  // product §5: what was typed decides the key — an at-sign means an email, otherwise a username
  form.transform(({ email, password, remember }) => ({
    ...(email.includes('@') ? { email } : { username: email }),
    password,
    remember,
    ...(returnTo ? { volver: returnTo } : {}),
  }));

  const onSubmit = () =>
    attempt(async () => {
      const response = await form.submit<{ route?: string; url?: string }>('post', route('auth'));
      await navigate(response.data.url === undefined ? pathOfRoute(response.data.route) : safePath(response.data.url));
    });

  return (
    <AuthCard title="Iniciar Sesión" lead="Entra a tu cuenta para seguir sumando.">
      <ErrorSummary
        errors={{ 'login-usuario': form.errors.email, 'login-contrasena': form.errors.password }}
        messages={otherErrors}
      />
      <PostForm action={route('auth')} onSubmit={onSubmit}>
        {/* read by the server only when the browser posts the form itself; a script sends `volver` in its JSON */}
        {returnTo && <input type="hidden" name="volver" value={returnTo} />}
        <TextField
          id="login-usuario"
          label="Correo / Usuario"
          // it takes a username as well as an email (product §5): a text field, so that `autocomplete="username"` is valid
          // on it and the browser does not reject a username as a malformed address (#16 row 14)
          type="text"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoComplete="username"
          {...form.field('email')}
        />
        <PasswordField id="login-contrasena" label="Contraseña" autoComplete="current-password" {...form.field('password')} />
        <CheckboxField
          id="login-recordarme"
          name="remember"
          label="Recordarme"
          checked={form.data.remember}
          onCheckedChange={(value) => form.setData('remember', value)}
        />
        <SubmitButton busy={form.processing}>Iniciar Sesión</SubmitButton>
      </PostForm>
      <div className={authCardStyles.links}>
        <Link to={route('recuperarContrasena')}>¿Olvidaste tu contraseña?</Link>
        <Link to={route('registro')}>Crear una cuenta</Link>
      </div>
    </AuthCard>
  );
}

export default LoginPage;
