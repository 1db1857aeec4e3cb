import type { FormEvent, FormHTMLAttributes } from 'react';

/** `action`: the page the browser asks for with the fields as its query (`?q=…`), before the scripts and without them. */
type SearchFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'onSubmit' | 'role'> & {
  action: string;
  /** Once live, the scripted search: the app's router loads the address the browser would have asked for. */
  onSearch: () => void;
};

/**
 * A search or filter form of a page (decision 043): a GET form, so it works before the scripts arrive and without
 * them; once live, `onSearch` makes the same visit on the client.
 */
export function SearchForm({ onSearch, ...form }: SearchFormProps) {
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch();
  };
  return <form {...form} method="get" role="search" onSubmit={search} />;
}
