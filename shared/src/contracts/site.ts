/** The campaign's name, written `{product}` in the original spec. Change it here and everywhere follows. */
export const appName = 'Gota a Gota';

/** Breakpoints of product §9. */
export const breakpoints = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Width under which the site uses its mobile layout (product §4). */
export const mobileWidth = 600;

/**
 * The key the theme is stored under in localStorage, as 'true' or 'false' (product §2): the store writes it, and the
 * document's first inline script reads it to paint the right theme before any script has loaded.
 */
export const themeStorageKey = 'localIsDark';

/** product §9: the company form's wait after a message, in seconds (the API's default limit, the dialog's countdown). */
export const companyCooldownSeconds = 60;
