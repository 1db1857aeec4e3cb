import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './button.module.css';

/** `plain`: no background until hovered (the chrome's icons); `filled`: primary; `outlined`: primary ring. */
export type ButtonVariant = 'plain' | 'filled' | 'outlined';

interface Common {
  variant?: ButtonVariant;
  className?: string | undefined;
  children?: ReactNode;
}

export type ButtonProps = Common &
  (
    | (ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> })
    | (AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> })
  );

/** The class of a round button of `variant`, with the caller's own class after it. */
export function buttonClass(variant: ButtonVariant = 'plain', className?: string): string {
  return [styles.button, styles[variant], className].filter(Boolean).join(' ');
}

/**
 * The site's round button (44 × 44 px at least): a `<button type="button">`, or a link when given `href`. An icon-only
 * button needs an `aria-label`. Size, glyph size and the plain variant's colour are the caller's through
 * `--button-size`, `--button-font-size` and `--button-color`; a disabled look comes from `aria-disabled="true"` (the
 * button stays focusable and says why nothing happens). Props and ref pass through, so a Radix part can render it
 * (`<Dialog.Close asChild>`).
 *
 * @example
 * <Button aria-label="Cerrar alerta" onClick={close}><CloseIcon /></Button>
 */
export function Button({ variant = 'plain', className, children, ...rest }: ButtonProps) {
  const classes = buttonClass(variant, className);
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
