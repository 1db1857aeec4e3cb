import { useState } from 'react';
import type { PagePropsOf } from '@gota/shared/contracts';
import { http } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { Link, useNavigate } from '@gota/shared/router';
import { buttonClass, ErrorSummary, PostForm, SubmitButton, TextField } from '@gota/shared/ui';
import { AuthCard, authCardStyles, BackToSignIn } from '../features/auth-form/auth-card';
import { safePath } from '../features/auth-form/route-from-response';
import { useAuthForm } from '../features/auth-form/use-auth-form';
import { signWithPasskey } from '../features/second-factor/passkeys';

/**
 * The sign-in's second step (decision 055): a code of the authenticator app or a recovery code (a form that works
 * without JavaScript, decision 043), or «Usar una llave de acceso» (a passkey, which needs JavaScript). Without a
 * sign-in waiting for it, the page says to sign in again.
 */
export function SegundoPasoPage({ totp, passkeys, returnTo, expired, errors, values }: PagePropsOf<'Auth/SegundoPaso'>) {
  const navigate = useNavigate();
  const { form, otherErrors, attempt, startAttempt, reportFailure } = useAuthForm(
    { code: '' },
    { trim: ['code'] },
    { errors, values },
  );
  const [usingKey, setUsingKey] = useState(false);
  form.transform(({ code }) => ({ code, ...(returnTo ? { volver: returnTo } : {}) }));

  const onSubmit = () =>
    attempt(async () => {
      const response = await form.submit<{ url?: string }>('post', route('segundoPaso'));
      await navigate(safePath(response.data.url));
    });

  async function signWithKey() {
    if (usingKey) return;
    startAttempt();
    setUsingKey(true);
    try {
      const response = await signWithPasskey(
        route('segundoPasoLlaveOpciones'),
        async (answer) =>
          (
            await http.post<{ url?: string }>(route('segundoPasoLlave'), {
              response: answer,
              ...(returnTo ? { volver: returnTo } : {}),
            })
          ).data,
      );
      if (response) await navigate(safePath(response.url));
    } catch (error) {
      reportFailure(error);
    } finally {
      setUsingKey(false);
    }
  }

  if (expired) {
    return (
      <AuthCard title="Verificación en dos pasos" lead="Tu inicio de sesión caducó o no empezó en este navegador.">
        <p className={authCardStyles.lead}>Escribe de nuevo tu correo y contraseña para continuar.</p>
        <div className={authCardStyles.links}>
          <Link to={returnTo ? `${route('auth')}?${new URLSearchParams({ volver: returnTo }).toString()}` : route('auth')}>
            Iniciar sesión
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verificación en dos pasos" lead="Tu cuenta tiene un segundo factor: confirma que eres tú.">
      <ErrorSummary errors={{ 'segundo-paso-codigo': form.errors.code }} messages={otherErrors} />
      <PostForm action={route('segundoPaso')} onSubmit={onSubmit}>
        {returnTo && <input type="hidden" name="volver" value={returnTo} />}
        <TextField
          id="segundo-paso-codigo"
          label={totp ? 'Código de tu app o de recuperación' : 'Código de recuperación'}
          hint={
            totp
              ? 'Los 6 dígitos que muestra ahora tu app de autenticación, o uno de tus códigos de recuperación.'
              : 'Uno de los códigos que guardaste al activar el segundo factor.'
          }
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('code')}
        />
        <SubmitButton busy={form.processing}>Verificar</SubmitButton>
      </PostForm>
      {passkeys && (
        <div className={authCardStyles.links}>
          <button
            type="button"
            className={buttonClass({ variant: 'outlined', shape: 'pill' })}
            aria-busy={usingKey || undefined}
            onClick={() => void signWithKey()}
          >
            Usar una llave de acceso
          </button>
          <p className={authCardStyles.lead}>Las llaves de acceso necesitan JavaScript activado en tu navegador.</p>
        </div>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

export default SegundoPasoPage;
