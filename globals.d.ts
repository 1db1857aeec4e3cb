// CSS Modules and static assets imported by the front-end apps (webpack handles them).
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}

/** webpack's CSP nonce for the tags its runtime and libraries insert (set by the shell's bootstrap). */
// eslint-disable-next-line no-var
declare var __webpack_nonce__: string | undefined;
