import controls from './controls.module.css';

/** The three lines of a menu button. */
export function MenuIcon() {
  return (
    <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The cross of a button that closes a dialog (the drawer's, the search's). */
export function CloseIcon() {
  return (
    <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
