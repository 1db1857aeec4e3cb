import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ErrorSummary, PostForm, SubmitButton, TextField } from '@gota/shared/ui';
import { Link, useNavigate } from '@gota/shared/router';
import { AuthCard, authCardStyles } from '../features/auth-form/auth-card';
import { NewPasswordFields } from '../features/auth-form/new-password-fields';
import { safePath } from '../features/auth-form/route-from-response';
import { useAuthForm } from '../features/auth-form/use-auth-form';

const ids = {
  name: 'registro-nombre',
  last_name: 'registro-apellido',
  email: 'registro-correo',
  password: 'registro-contrasena',
  password_confirmation: 'registro-confirmacion',
} as const;

/**
 * Registration (product §2): creates the account and signs it in; the server's validation is what the person reads.
 * `returnTo` (`/registro?volver=`, checked by the server; an invitation to the team, decision 051) is where the answer
 * leads once the account exists. Without JavaScript the browser posts the same form and gets this page back with the
 * server's messages (decision 043).
 */
export function RegistroPage({ returnTo, errors, values }: PagePropsOf<'Auth/Registro'>) {
  const navigate = useNavigate();
  const { form, otherErrors, attempt } = useAuthForm(
    { name: '', last_name: '', email: '', password: '', password_confirmation: '' },
    // passwords are sent exactly as typed
    { trim: ['name', 'last_name', 'email'] },
    { errors, values },
  );
  if (returnTo) form.transform((data) => ({ ...data, volver: returnTo }));

  const onSubmit = () =>
    attempt(async () => {
      const response = await form.submit<{ url?: string }>('post', route('registro'));
      await navigate(safePath(response.data.url));
    });

  const summary = Object.fromEntries(Object.entries(ids).map(([field, id]) => [id, form.errors[field as keyof typeof ids]]));

  return (
    <AuthCard title="Registro" lead="Crea tu cuenta y súmate al movimiento.">
      <ErrorSummary errors={summary} messages={otherErrors} />
      <PostForm action={route('registro')} onSubmit={onSubmit}>
        {/* read by the server only when the browser posts the form itself; a script sends `volver` in its JSON */}
        {returnTo && <input type="hidden" name="volver" value={returnTo} />}
        <TextField id={ids.name} label="Nombre" autoComplete="given-name" {...form.field('name')} />
        <TextField id={ids.last_name} label="Apellido" autoComplete="family-name" {...form.field('last_name')} />
        {/* product §5: the registration email is a plain text field */}
        <TextField
          id={ids.email}
          label="Correo"
          type="text"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
        />
        <NewPasswordFields
          ids={{ password: ids.password, password_confirmation: ids.password_confirmation }}
          fields={{ password: form.field('password'), password_confirmation: form.field('password_confirmation') }}
        />
        <SubmitButton busy={form.processing}>Registrarme</SubmitButton>
      </PostForm>
      <div className={authCardStyles.links}>
        <Link to={route('auth')}>¿Ya tienes cuenta? Inicia sesión</Link>
      </div>
    </AuthCard>
  );
}

export default RegistroPage;
