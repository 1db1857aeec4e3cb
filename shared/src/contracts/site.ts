/** The campaign's name, written `{product}` in the original spec. Change it here and everywhere follows. */
export const appName = 'Gota a Gota';

/** Breakpoints of product §9. */
export const breakpoints = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Width under which the site uses its mobile layout (product §4). */
export const mobileWidth = 600;
