import type { FormHTMLAttributes, ReactNode } from 'react';

export interface SearchFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action' | 'onSubmit' | 'role'> {
  /** The page the browser asks for with the fields as its query (`?q=…`), before the scripts and without them. */
  action: string;
  /** Once live, the scripted search: the app's router loads the address the browser would have asked for. */
  onSearch: () => void;
  children: ReactNode;
}

/**
 * A search or filter form of a page (decision 043): a GET form, so it works before the scripts arrive and without
 * them; once live, `onSearch` makes the same visit on the client.
 */
export function SearchForm({ action, onSearch, children, ...rest }: SearchFormProps) {
  return (
    <form
      {...rest}
      method="get"
      action={action}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
    </form>
  );
}
