export * from './scroll-reveal/scroll-reveal';
