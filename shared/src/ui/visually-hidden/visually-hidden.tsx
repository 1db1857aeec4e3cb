import { createElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './visually-hidden.module.css';

type HiddenTag = 'span' | 'div' | 'label' | 'h2';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLElement> {
  /** The element to render, `span` by default (a `label` takes `htmlFor`). */
  as?: HiddenTag;
  htmlFor?: string;
  ref?: Ref<HTMLElement>;
  children?: ReactNode;
}

/**
 * Text for screen readers only: a field's label where the design shows none, "(se abre en una pestaña nueva)" after a
 * link, the final figure of a counter that is still counting. It is not `display: none`, so it is read in place and
 * names what it labels. Props and ref pass through, so a Radix part can render it (`<Dialog.Title asChild>`).
 *
 * @example
 * <a href={url} target="_blank">Fuente<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden></a>
 */
export function VisuallyHidden({ as = 'span', className, children, ...rest }: VisuallyHiddenProps) {
  return createElement(as, { ...rest, className: className ? `${styles.hidden} ${className}` : styles.hidden }, children);
}
