import { recoverySentMessage, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ErrorSummary, PostForm, SubmitButton, TextField } from '@gota/shared/ui';
import { useState } from 'react';
import { AuthCard, authCardStyles, BackToSignIn } from '../features/auth-form/auth-card';
import { useAuthForm } from '../features/auth-form/use-auth-form';

/**
 * Password recovery (product §2): the server always answers the same, so the message never says whether the account
 * exists. Without JavaScript the browser posts the same form and gets this page back, with the message (`notice`) or the
 * server's field messages (decision 043).
 */
export function RecuperarContrasenaPage({ errors, values, notice }: PagePropsOf<'Auth/RecuperarContrasena'>) {
  const { form, otherErrors, attempt } = useAuthForm({ email: '' }, { trim: true }, { errors, values });
  const [sent, setSent] = useState(notice ?? '');

  const onSubmit = () =>
    attempt(async () => {
      setSent('');
      await form.submit('post', route('recuperarContrasena'));
      setSent(recoverySentMessage);
    });

  return (
    <AuthCard title="Recuperar contraseña" lead="Te enviaremos un enlace para establecer una nueva contraseña.">
      <ErrorSummary errors={{ 'recuperar-correo': form.errors.email }} messages={otherErrors} />
      {/* always in the page, so that screen readers announce the message when it appears */}
      <p role="status" className={authCardStyles.status}>
        {sent}
      </p>
      <PostForm action={route('recuperarContrasena')} onSubmit={onSubmit}>
        <TextField id="recuperar-correo" label="Correo" type="email" autoComplete="email" {...form.field('email')} />
        <SubmitButton busy={form.processing}>Recuperar</SubmitButton>
      </PostForm>
      <BackToSignIn />
    </AuthCard>
  );
}

export default RecuperarContrasenaPage;
