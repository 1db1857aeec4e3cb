export * from './scroll-reveal/scroll-reveal';
export * from './form-field';
export * from './confirm-menu/confirm-menu';
