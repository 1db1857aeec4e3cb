import { mountDevHarness } from '@gota/shared/dev-harness';
import { LoginPage } from './pages/login-page';
import { PanelMensajePage } from './pages/panel-mensaje-page';
import { RecuperarContrasenaPage } from './pages/recuperar-contrasena-page';
import { RegistroPage } from './pages/registro-page';
import { ResetearContrasenaPage } from './pages/resetear-contrasena-page';

mountDevHarness('mf_auth', {
  'Auth/Login': { component: LoginPage, props: {} },
  'Auth/RecuperarContrasena': { component: RecuperarContrasenaPage, props: {} },
  'Auth/Registro': { component: RegistroPage, props: {} },
  'Auth/ResetearContrasena': { component: ResetearContrasenaPage as never, props: { token: 'ejemplo' } },
  'Panel/Mensaje': {
    component: PanelMensajePage as never,
    props: {
      lead: {
        id: '5b0c2c9e-8d4f-4a4b-9a51-0c7f3f0e2a11',
        kind: 'empresa',
        status: 'nuevo',
        empresa: 'Aguas del Valle S.A. de C.V.',
        name: 'Sofía Ramírez',
        lastName: null,
        email: 'sofia@aguasdelvalle.mx',
        excerpt: 'Queremos sumarnos a la campaña.',
        mensaje: 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.',
        createdAt: '2026-11-23T18:05:00Z',
      },
      history: [{ action: 'atendido', actorName: 'Ana', createdAt: '2026-11-23T18:20:00Z' }],
      notification: { status: 'pendiente', attempts: 2, lastError: 'ECONNREFUSED' },
      backUrl: '/panel',
    },
  },
});
