import { mountDevHarness } from '@gota/shared/dev-harness';
import { LoginPage } from './pages/login-page';
import { RecuperarContrasenaPage } from './pages/recuperar-contrasena-page';
import { RegistroPage } from './pages/registro-page';
import { ResetearContrasenaPage } from './pages/resetear-contrasena-page';

mountDevHarness({
  'Auth/Login': { component: LoginPage, props: {} },
  'Auth/RecuperarContrasena': { component: RecuperarContrasenaPage, props: {} },
  'Auth/Registro': { component: RegistroPage, props: {} },
  'Auth/ResetearContrasena': { component: ResetearContrasenaPage as never, props: { token: 'ejemplo' } },
});
