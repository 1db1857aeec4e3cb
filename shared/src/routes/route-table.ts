/**
 * The named routes of the site (product §10.1). The API registers its handlers from this table and the shell builds
 * its links from it, so a path is written in exactly one place.
 */
export const routeTable = {
  index: '/',
  'quienes-somos': '/quienes-somos',
  descargas: '/campana',
  'datos-agua': '/datos-agua',
  blog: '/historias',
  post: '/historias/{slug}',
  aliados: '/aliados',
  // the site's search (issue #34): a plain GET form works without JavaScript
  buscar: '/buscar',
  auth: '/login',
  recuperarContrasena: '/recuperar-contrasena',
  registro: '/registro',
  resetearContrasenaPost: '/resetear-contrasena/{token}',
  logout: '/logout',
  contacto: '/contacto-empresa',
  // a fresh anti-forgery token in X-CSRF-TOKEN; the contact dialogs ask for one when they open (decision 040)
  csrfToken: '/csrf-token',
  // the campaign team's inbox (issue #13): staff only; DELETE on panelMensaje removes a lead, and so does a POST on
  // panelMensajeEliminar, which is what the form sends without JavaScript (forms know only GET and POST, decision 043)
  panel: '/panel',
  panelMensaje: '/panel/mensajes/{id}',
  panelMensajeEstado: '/panel/mensajes/{id}/estado',
  panelMensajeEliminar: '/panel/mensajes/{id}/eliminar',
  panelExportar: '/panel/exportar.csv',
  // the remotes' releases (issue #31 item 3): accounts holding the role «operador»; activate, roll back, preview
  // the campaign team's stories (issue #41, decision 049): editors only
  panelHistorias: '/panel/historias',
  panelHistoriaNueva: '/panel/historias/nueva',
  panelHistoria: '/panel/historias/{id}',
  panelHistoriaVistaPrevia: '/panel/historias/{id}/vista-previa',
  // the water facts and the impact counters (issue #42, decision 059): editors only
  panelDatos: '/panel/datos-agua',
  panelContadores: '/panel/contadores',
  // each editable page's texts (decision 062): /panel/textos opens the first one
  panelTextos: '/panel/textos',
  panelTexto: '/panel/textos/{pagina}',
  // the campaign kit's files (issue #42 item 4, decision 061): editors only
  panelDescargas: '/panel/descargas',
  // the allies and members (issue #42 item 1, decision 060): editors only
  panelAliados: '/panel/aliados',
  // a content set's unsaved draft on one of the public pages it affects (decision 066): editors only, for an hour
  panelVistaPrevia: '/panel/vista-previa/{id}/{pagina}',
  panelVersiones: '/panel/versiones',
  panelVersionesRemoto: '/panel/versiones/{remote}',
  panelVersionesActivar: '/panel/versiones/{remote}/activar',
  panelVersionesRevertir: '/panel/versiones/{remote}/revertir',
  panelVersionesVistaPrevia: '/panel/versiones/{remote}/vista-previa',
  // the campaign team and its roles (issue #45, decision 051): administrators only; an invitation's page is anyone's
  panelEquipo: '/panel/equipo',
  panelEquipoRoles: '/panel/equipo/{id}/roles',
  panelEquipoQuitar: '/panel/equipo/{id}/quitar',
  panelEquipoInvitar: '/panel/equipo/invitaciones',
  invitacion: '/invitacion/{token}',
  // a member's own open sessions: see them, close one (decision 051)
  panelSesiones: '/panel/sesiones',
  // the campaign team's guides (docs/equipo), read in the panel: `historias`, `equipo`, `bandeja`…
  panelGuia: '/panel/guia/{name}',
  panelSesionCerrar: '/panel/sesiones/{id}/cerrar',
  // the second factor (issue #45 item 3, decision 055): the sign-in's second step, and the account's security page
  segundoPaso: '/login/segundo-paso',
  segundoPasoLlave: '/login/segundo-paso/llave',
  segundoPasoLlaveOpciones: '/login/segundo-paso/llave/opciones',
  panelSeguridad: '/panel/seguridad',
  panelSeguridadApp: '/panel/seguridad/app',
  panelSeguridadAppQuitar: '/panel/seguridad/app/quitar',
  panelSeguridadCodigos: '/panel/seguridad/codigos',
  panelSeguridadLlaves: '/panel/seguridad/llaves',
  panelSeguridadLlavesOpciones: '/panel/seguridad/llaves/opciones',
  panelSeguridadLlaveQuitar: '/panel/seguridad/llaves/{id}/quitar',
  panelEquipoSegundoFactor: '/panel/equipo/{id}/segundo-factor',
  // ends this browser's preview of a release (a plain form in the preview's banner)
  vistaPreviaSalir: '/vista-previa/salir',
  example: '/example',
} as const;

export type RouteName = keyof typeof routeTable;

type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof ParamsOf<Rest>]: string | number }
  : Record<never, never>;

export type RouteParams<N extends RouteName> = ParamsOf<(typeof routeTable)[N]>;

const placeholder = /\{(\w+)\}/g;

/**
 * Builds the path of a named route, encoding each parameter.
 *
 * @example
 * route('post', { slug: 'un-latido-en-cada-gota' }) // '/historias/un-latido-en-cada-gota'
 */
export function route<N extends RouteName>(
  name: N,
  ...args: keyof RouteParams<N> extends never ? [] : [params: RouteParams<N>]
): string {
  const template: string = routeTable[name];
  if (template === undefined) throw new Error(`Ruta desconocida: ${String(name)}`);
  const params = (args[0] ?? {}) as Record<string, string | number>;
  return template.replace(placeholder, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Falta el parámetro «${key}» de la ruta ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The route template in Hono's syntax (`/historias/:slug`). */
export function routerPath(name: RouteName): string {
  return routeTable[name].replace(placeholder, ':$1');
}
