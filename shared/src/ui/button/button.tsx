import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './button.module.css';

/** `plain`: no background until hovered (the chrome's icons); `filled`: primary; `outlined`: primary ring. */
export type ButtonVariant = 'plain' | 'filled' | 'outlined' | 'tonal';
/** `round`: an icon or a glyph (44 × 44 px); `pill`: a labelled action (44 px tall, as wide as its words). */
export type ButtonShape = 'round' | 'pill';

interface Common {
  variant?: ButtonVariant;
  shape?: ButtonShape;
  className?: string | undefined;
  children?: ReactNode;
}

export type ButtonProps = Common &
  (
    | (ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> })
    | (AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> })
  );

/**
 * The classes of a button of `variant` and `shape`, with the caller's own class after them: for an element that must
 * look like a button but is not rendered by `Button`, such as the router's `Link`.
 *
 * @example
 * <Link to={route('index')} className={buttonClass({ variant: 'filled', shape: 'pill' })}>Ir al inicio</Link>
 */
export function buttonClass(
  { variant = 'plain', shape = 'round' }: { variant?: ButtonVariant; shape?: ButtonShape } = {},
  className?: string,
): string {
  return [styles.button, styles[shape], styles[variant], className].filter(Boolean).join(' ');
}

/**
 * The site's button (44 px at least, WCAG 2.5.5): a `<button type="button">`, or a link when given `href`. Round by
 * default (an icon-only button needs an `aria-label`); `shape="pill"` for a labelled action ('Reintentar',
 * 'Descargar el kit'). What a caller may change goes through custom properties, so the order in which style sheets load
 * never decides: `--button-border` (none by default), `--button-size`, `--button-font-size` and `--button-color` (round, plain); `--button-width`,
 * `--button-height`, `--button-padding`, `--button-letter-spacing` and `--button-display` (pill). A disabled look comes
 * from `disabled` or `aria-disabled="true"` (the latter keeps it focusable, to say why nothing happens). Props and ref
 * pass through, so a Radix part can render it (`<Dialog.Close asChild>`).
 *
 * @example
 * <Button aria-label="Cerrar alerta" onClick={close}><CloseIcon /></Button>
 * <Button shape="pill" variant="filled" onClick={retry}>Reintentar</Button>
 */
export function Button({ variant = 'plain', shape = 'round', className, children, ...rest }: ButtonProps) {
  const classes = buttonClass({ variant, shape }, className);
  if (typeof rest.href === 'string') {
    const anchor = rest as AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };
    return (
      <a {...anchor} className={classes}>
        {children}
      </a>
    );
  }
  const button = rest as ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };
  return (
    <button type="button" {...button} className={classes}>
      {children}
    </button>
  );
}
