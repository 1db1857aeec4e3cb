/** The theme colours of product §9, mirrored from tokens.css for code that needs them (canvas drawing, charts). */
export const themeColors = {
  light: { primary: '#0b5cad', secondary: '#5b6470', error: '#b3261e', success: '#1d7a34', warning: '#8a5a00', background: '#ffffff' },
  dark: { primary: '#ff6ad5', secondary: '#b9aed0', error: '#ff8a80', success: '#7ddc8f', warning: '#ffd166', background: '#1a0f2b' },
} as const;

/** Colour of the navigation progress bar (product §9). */
export const progressColor = '#29d';
