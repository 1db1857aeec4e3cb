import { teamRoleLabels, type PagePropsOf } from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { Link, useNavigate } from '@gota/shared/router';
import { SubmitButton } from '@gota/shared/ui';
import { AuthCard, authCardStyles } from '../features/auth-form/auth-card';
import { safePath } from '../features/auth-form/route-from-response';

/**
 * `Auth/Invitacion` (GET /invitacion/{token}, decision 051): an invitation to the campaign team. Usable: a visitor is
 * asked to sign in (and is brought back) or to create the account with the invited address; the invited account,
 * signed in, accepts it once. Expired, used, unknown or for another address: the server's Spanish explanation.
 */
export function InvitacionPage({ state, email, roles, signedIn, token, message }: PagePropsOf<'Auth/Invitacion'>) {
  const navigate = useNavigate();
  const form = useForm({});

  if (state !== 'valida' || !token) {
    return (
      <AuthCard title="Esta invitación no sirve">
        <p role="alert">{message}</p>
        <div className={authCardStyles.links}>
          <Link to={route('index')}>Ir al inicio</Link>
        </div>
      </AuthCard>
    );
  }

  const here = route('invitacion', { token });
  const back = new URLSearchParams({ volver: here }).toString();
  const lead = `Te invitaron al equipo de campaña con ${roles.length === 1 ? 'el rol' : 'los roles'}: ${roles.map((role) => teamRoleLabels[role]).join(', ')}.`;

  async function accept() {
    if (form.processing) return;
    try {
      const response = await form.submit<{ url?: string }>('post', here);
      // a full load: the menu and every check read the new roles from the next page
      await navigate(safePath(response.data.url, route('index')));
    } catch (error) {
      handleError(error);
    }
  }

  return (
    <AuthCard title="Invitación al equipo" lead={lead}>
      {signedIn ? (
        <>
          <p>La invitación es para {email}. Al aceptarla, tu cuenta recibe estos roles.</p>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void accept();
            }}
          >
            <SubmitButton busy={form.processing}>Aceptar la invitación</SubmitButton>
          </form>
        </>
      ) : (
        <>
          <p>
            Es para {email}. Inicia sesión con esa dirección, o crea tu cuenta con ella si aún no la tienes: volverás aquí para
            aceptarla.
          </p>
          <div className={authCardStyles.links}>
            <Link to={`${route('auth')}?${back}`}>Iniciar sesión</Link>
            <Link to={`${route('registro')}?${back}`}>Crear mi cuenta</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}

export default InvitacionPage;
