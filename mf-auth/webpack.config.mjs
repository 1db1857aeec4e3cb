import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = {
  './Auth/Login': './src/pages/login-page.tsx',
  './Auth/RecuperarContrasena': './src/pages/recuperar-contrasena-page.tsx',
  './Auth/Registro': './src/pages/registro-page.tsx',
  './Auth/ResetearContrasena': './src/pages/resetear-contrasena-page.tsx',
  './Panel/Mensaje': './src/pages/panel-mensaje-page.tsx',
  './Panel/Bandeja': './src/pages/panel/bandeja-page.tsx',
  './Panel/SinAcceso': './src/pages/panel/sin-acceso-page.tsx',
  './Panel/Versiones': './src/pages/panel/versiones-page.tsx',
  './Panel/Equipo': './src/pages/panel/equipo-page.tsx',
  './Panel/Guia': './src/pages/panel/guia-page.tsx',
  './Panel/Sesiones': './src/pages/panel/sesiones-page.tsx',
  './Auth/Invitacion': './src/pages/invitacion-page.tsx',
  './Auth/SegundoPaso': './src/pages/segundo-paso-page.tsx',
  './Panel/Seguridad': './src/pages/panel/seguridad-page.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_auth',
  port: 3105,
  exposes,
});
