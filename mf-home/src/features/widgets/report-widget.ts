/** A widget of another team that could not load or broke: its fallback took its place, and the console says why. */
export function reportWidget(error: unknown): void {
  console.error('[federación] Un widget de la página de inicio no se pudo cargar.', error);
}
