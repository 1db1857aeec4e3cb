import { mountDevHarness } from '@gota/shared/dev-harness';
import { LoginPage } from './pages/login-page';
import { exampleLead } from './pages/panel/example-lead';
import { exampleStories } from './pages/panel/example-releases';
import { exampleTeam } from './pages/panel/example-team';
import { EquipoPage } from './pages/panel/equipo-page';
import { GuiaPage } from './pages/panel/guia-page';
import { SesionesPage } from './pages/panel/sesiones-page';
import { InvitacionPage } from './pages/invitacion-page';
import { VersionesPage } from './pages/panel/versiones-page';
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
      lead: exampleLead,
      history: [{ action: 'atendido', actorName: 'Ana', createdAt: '2026-11-23T18:20:00Z' }],
      notification: { status: 'pendiente', attempts: 2, lastError: 'ECONNREFUSED' },
      backUrl: '/panel',
      ally: null,
      canMakeAlly: true,
    },
  },
  'Panel/Versiones': { component: VersionesPage as never, props: { ...exampleStories } },
  'Panel/Equipo': { component: EquipoPage as never, props: { ...exampleTeam } },
  'Panel/Guia': {
    component: GuiaPage as never,
    props: {
      title: 'Publicar una historia',
      html: '<h2>Dónde está</h2><p>Abre <strong>Historias</strong> desde el menú de tu usuario.</p>',
    },
  },
  'Panel/Sesiones': {
    component: SesionesPage as never,
    props: {
      sessions: [
        { id: 'a'.repeat(64), since: '2026-11-28T15:30:00Z', lastSeen: '2026-11-28T16:10:00Z', remember: false, current: true },
        { id: 'b'.repeat(64), since: '2026-11-27T19:00:00Z', lastSeen: '2026-11-27T19:40:00Z', remember: true, current: false },
      ],
    },
  },
  'Auth/Invitacion': {
    component: InvitacionPage as never,
    props: { state: 'valida', email: 'marta@gotaagota.mx', roles: ['editor'], signedIn: false, token: 'ejemplo', message: null },
  },
});
