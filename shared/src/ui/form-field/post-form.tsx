import type { FormHTMLAttributes, ReactNode } from 'react';

export interface PostFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'method' | 'action' | 'onSubmit' | 'noValidate'
> {
  /** The route the script posts to: without JavaScript the browser posts the form there itself (decision 043). */
  action: string;
  /**
   * The scripted submission (through `@gota/shared/forms` or `@gota/shared/http`); the browser's own is prevented. When
   * it returns a promise, it handles its own failures (the form helper shows them): nothing awaits it.
   */
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}

/**
 * A form that works with JavaScript and without it (issue #32, decision 043). With scripts, `onSubmit` sends it as the
 * site's forms are sent (JSON, field messages, alerts). Without them the browser posts it to `action`, a urlencoded body
 * the API reads with the same schema, and gets a page back. Its controls need a `name` (the form helper's `field`
 * gives one). Sent before the page is live, it is the browser's: posted to `action` and answered by the server
 * (decision 064).
 *
 * @example
 * <PostForm action={route('auth')} onSubmit={signIn}>…</PostForm>
 */
export function PostForm({ action, onSubmit, children, ...rest }: PostFormProps) {
  return (
    <form
      {...rest}
      method="post"
      action={action}
      // the server's messages are the ones shown (product §5)
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
