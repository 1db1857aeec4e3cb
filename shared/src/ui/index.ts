export * from './scroll-reveal/scroll-reveal';
export * from './form-field';
export * from './reduced-motion/reduced-motion';
export * from './window-width/window-width';
export * from './visually-hidden/visually-hidden';
export * from './button/button';
export * from './section/section';
export * from './surface/logo-tile';
// the confirm menu and the popup are subpaths of their own (`@gota/shared/ui/confirm-menu`, `…/ui/popup`): only the
// pages that show one load the popup layer
export * from './marked-text/marked-text';
