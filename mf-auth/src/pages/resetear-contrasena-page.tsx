import { resetDoneMessage, resetRedirectSeconds, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ErrorSummary, PostForm, SubmitButton } from '@gota/shared/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@gota/shared/router';
import { AuthCard, authCardStyles } from '../features/auth-form/auth-card';
import { NewPasswordFields } from '../features/auth-form/new-password-fields';
import { safePath } from '../features/auth-form/route-from-response';
import { useAuthForm } from '../features/auth-form/use-auth-form';

/**
 * Password reset (product §2): the token comes from the path (and as a prop). Without JavaScript the browser posts the
 * same form and gets this page back: with the server's messages, or with the success's `notice` while the browser
 * itself counts down to the sign-in page (the answer's `Refresh`, decision 043).
 */
export function ResetearContrasenaPage({ token, errors, notice }: PagePropsOf<'Auth/ResetearContrasena'>) {
  const navigate = useNavigate();
  const { form, otherErrors, attempt } = useAuthForm({ password: '', password_confirmation: '' }, {}, { errors });
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

  async function onSubmit() {
    // after success the form waits for the countdown's page: a second press sends nothing
    if (redirect) return;
    await attempt(async () => {
      const response = await form.submit<{ url?: string }>('post', route('resetearContrasenaPost', { token }));
      setRedirect({ to: safePath(response.data.url, route('auth')), seconds: resetRedirectSeconds });
    });
  }

  return (
    <AuthCard title="Nueva contraseña" lead="Escribe tu nueva contraseña.">
      <ErrorSummary
        errors={{ 'reset-contrasena': form.errors.password, 'reset-confirmacion': form.errors.password_confirmation }}
        messages={otherErrors}
      />
      <p role="status" className={authCardStyles.status}>
        {redirect ? `${resetDoneMessage}, Redirigiendo en ${redirect.seconds} s` : (notice ?? '')}
      </p>
      <PostForm action={route('resetearContrasenaPost', { token })} onSubmit={onSubmit}>
        <NewPasswordFields
          ids={{ password: 'reset-contrasena', password_confirmation: 'reset-confirmacion' }}
          fields={{ password: form.field('password'), password_confirmation: form.field('password_confirmation') }}
        />
        {/* stays busy after success, until the page changes (product §4) */}
        <SubmitButton busy={form.processing || redirect !== null || Boolean(notice)}>Establecer</SubmitButton>
      </PostForm>
      <div className={authCardStyles.links}>
        <Link to={route('recuperarContrasena')}>Pedir un enlace nuevo</Link>
      </div>
    </AuthCard>
  );
}

export default ResetearContrasenaPage;
