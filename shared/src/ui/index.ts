export * from './scroll-reveal/scroll-reveal';
export * from './form-field';
export * from './confirm-menu/confirm-menu';
export * from './reduced-motion/reduced-motion';
export * from './window-width/window-width';
export * from './visually-hidden/visually-hidden';
export * from './button/button';
export * from './section/section';
