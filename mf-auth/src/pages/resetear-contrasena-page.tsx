import { resetDoneMessage, type PageProps } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ErrorSummary, SubmitButton } from '@gota/shared/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@gota/shared/router';
import { AuthCard, authCardStyles } from '../features/auth-form/auth-card';
import { NewPasswordFields } from '../features/auth-form/new-password-fields';
import { safePath } from '../features/auth-form/route-from-response';
import { useAuthForm } from '../features/auth-form/use-auth-form';

/** product §9: seconds before going to the login page after a reset. */
export const resetRedirectSeconds = 5;

/** Password reset (product §2): the token comes from the path (and as a prop). */
export function ResetearContrasenaPage({ token }: PageProps<{ token: string }>) {
  const navigate = useNavigate();
  const { form, otherErrors, startAttempt, reportFailure } = useAuthForm({ password: '', password_confirmation: '' });
  const [redirect, setRedirect] = useState<{ to: string; seconds: number } | null>(null);

  useEffect(() => {
    if (!redirect) return;
    if (redirect.seconds <= 0) {
      void navigate(redirect.to);
      return;
    }
    const tick = setTimeout(() => setRedirect({ ...redirect, seconds: redirect.seconds - 1 }), 1000);
    return () => clearTimeout(tick);
  }, [redirect, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.processing || redirect) return;
    startAttempt();
    try {
      const response = await form.submit<{ url?: string }>('post', route('resetearContrasenaPost', { token }));
      setRedirect({ to: safePath(response.data.url, route('auth')), seconds: resetRedirectSeconds });
    } catch (error) {
      reportFailure(error);
    }
  }

  return (
    <AuthCard title="Nueva contraseña" lead="Escribe tu nueva contraseña.">
      <ErrorSummary errors={{ 'reset-contrasena': form.errors.password, 'reset-confirmacion': form.errors.password_confirmation }} messages={otherErrors} />
      <p role="status" className={authCardStyles.status}>
        {redirect ? `${resetDoneMessage}, Redirigiendo en ${redirect.seconds} s` : ''}
      </p>
      <form noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          ids={{ password: 'reset-contrasena', password_confirmation: 'reset-confirmacion' }}
          fields={{ password: form.field('password'), password_confirmation: form.field('password_confirmation') }}
        />
        {/* stays busy after success, until the page changes (product §4) */}
        <SubmitButton busy={form.processing || redirect !== null}>Establecer</SubmitButton>
      </form>
      <div className={authCardStyles.links}>
        <Link to={route('recuperarContrasena')}>Pedir un enlace nuevo</Link>
      </div>
    </AuthCard>
  );
}

export default ResetearContrasenaPage;
