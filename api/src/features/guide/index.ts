// The campaign team's guides in the panel («Guía», `/panel/guia/{name}`, decision 070): the Markdown of docs/equipo as
// the panel shows it. What the panel's router may use of it.
export { registerGuiaRoutes } from './guia.handlers';
