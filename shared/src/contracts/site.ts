/** The campaign's name, written `{product}` in the original spec. Change it here and everywhere follows. */
export const appName = 'Gota a Gota';

/**
 * Every window width (px) at which the site's layout changes: the display breakpoints of product §9 (sm, md, lg, xl,
 * xxl), the steps between them that the allies strip, the story images and the backgrounds use (smPlus, mdPlus, lgPlus),
 * and three widths of one screen each (dialog forms, the panel, the top bar). The one table: a script that refines the
 * layout reads it, and the CSS media queries, which cannot import it, repeat its numbers — `min-width: N` from N,
 * `min-width: N+1` above N, `max-width: N−0.02` below N; shared/src/ui/window-width/breakpoints.test.ts holds every
 * style sheet to it.
 */
export const breakpoints = {
  sm: 600,
  dialog: 700,
  smPlus: 800,
  md: 960,
  panel: 1024,
  mdPlus: 1200,
  lg: 1280,
  bar: 1440,
  lgPlus: 1600,
  xl: 1920,
  xxl: 2560,
} as const;

/**
 * The key the theme is stored under in localStorage, as 'true' or 'false' (product §2): the store writes it, and the
 * document's first inline script reads it to paint the right theme before any script has loaded.
 */
export const themeStorageKey = 'localIsDark';

/** product §9: the company form's wait after a message, in seconds (the API's default limit, the dialog's countdown). */
export const companyCooldownSeconds = 60;
