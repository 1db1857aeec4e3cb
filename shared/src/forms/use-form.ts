import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { firstMessages, http, readFailure, type AxiosResponse, type Failure } from '@gota/shared/http';
import { hasFiles, toFormData, trimValues, type FormValues } from './form-payload';

/** product §9: how long `recentlySuccessful` stays true. */
export const recentlySuccessfulMs = 2000;

type FormMethod = 'post' | 'put' | 'patch' | 'delete';
type FormErrors<T> = Partial<Record<keyof T & string, string>>;
/** The fields of a form that hold text. */
type TextFieldName<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];

/** What a text field of `@gota/shared/ui` needs from its form: spread it on `TextField` or `PasswordField`. */
export interface FieldBinding {
  /** The control's `name`: what a browser sends the field as when it posts the form without JavaScript. */
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

export interface UseFormOptions<T extends FormValues> {
  /** Trims text inputs before sending: `true` for every text field, or the names of the fields to trim. */
  trim?: boolean | readonly (keyof T & string)[];
  /**
   * Server field names that belong to a form field of another name: sign-in sends the `email` field as `username` when
   * it holds no at-sign, and the answer's `username` message goes on the `email` field.
   */
  aliases?: Record<string, keyof T & string>;
  /**
   * What the server put in the page when it answered a form sent without JavaScript (decision 043): `errors`, one
   * message by field (the page's `errors` prop), shown from the first render; `values`, the fields as they were sent
   * (the page's `values` prop), which replace the defaults. A flag takes `'on'` (a ticked box) or `'true'` as true.
   */
  fromServer?: { errors?: Record<string, string>; values?: Record<string, string> | undefined };
}

interface SubmitOptions<R> {
  onSuccess?: (response: AxiosResponse<R>) => void;
  onError?: (error: unknown) => void;
  onFinish?: () => void;
}

export interface Form<T extends FormValues> {
  data: T;
  setData: {
    <K extends keyof T & string>(field: K, value: T[K]): void;
    (values: Partial<T> | ((current: T) => T)): void;
  };
  errors: FormErrors<T>;
  hasErrors: boolean;
  processing: boolean;
  /** Upload progress 0–100 while a body is being sent, null otherwise. */
  progress: number | null;
  wasSuccessful: boolean;
  recentlySuccessful: boolean;
  isDirty: boolean;
  /** Back to the defaults: every field, or only those named. */
  reset: (...fields: (keyof T & string)[]) => void;
  /** Every field (or those named) set to null. */
  resetToNull: (...fields: (keyof T & string)[]) => void;
  /** Changes what is sent (not what is shown); applied after trimming. */
  transform: (fn: (data: T) => Record<string, unknown>) => void;
  setError: {
    (field: keyof T & string, message: string): void;
    (errors: FormErrors<T>): void;
  };
  clearErrors: (...fields: (keyof T & string)[]) => void;
  /** Whether a 422 message for this server field is shown on a field of the form (its own name or an alias). */
  hasField: (field: string) => boolean;
  /**
   * A text field's value, its setter and its message, to spread on the field.
   *
   * @example
   * <TextField id="correo" label="Correo" {...form.field('email')} />
   */
  field: (name: TextFieldName<T>) => FieldBinding;
  /** Sends the data as JSON, or multipart when a field holds a file. Rejects with the request's error. */
  submit: <R = unknown>(method: FormMethod, url: string, options?: SubmitOptions<R>) => Promise<AxiosResponse<R>>;
}

/**
 * The one form helper of the site (product §5, §7): state, server field errors and the request through the one http client.
 *
 * @example
 * const form = useForm({ email: '' }, { trim: true })
 * await form.submit('post', route('recuperarContrasena'))
 */
export function useForm<T extends FormValues>(defaults: T, options: UseFormOptions<T> = {}): Form<T> {
  // the values the form started with, which `reset` restores (a later render's `defaults` change nothing)
  const [initial] = useState(() => withValues(defaults, options.fromServer?.values));
  const aliasesRef = useRef(options.aliases ?? {});
  const [data, setDataState] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>(
    () => ownMessages(options.fromServer?.errors ?? {}, initial, options.aliases ?? {}) as FormErrors<T>,
  );
  const [processing, setProcessing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [wasSuccessful, setWasSuccessful] = useState(false);
  const [recentlySuccessful, setRecentlySuccessful] = useState(false);
  const transformRef = useRef<(data: T) => Record<string, unknown>>((value) => value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dataRef = useRef(data);
  const aliases = options.aliases;
  // what a submit sends is the state of the last render: the refs follow each render before any effect (a child's
  // effect may submit: a held early submission) and any event handler runs
  useLayoutEffect(() => {
    dataRef.current = data;
    aliasesRef.current = aliases ?? {};
  });
  const trim = options.trim;

  useEffect(() => () => clearTimeout(timer.current), []);

  const setData = useCallback((fieldOrValues: unknown, value?: unknown) => {
    setDataState((current) => {
      if (typeof fieldOrValues === 'string') return { ...current, [fieldOrValues]: value };
      if (typeof fieldOrValues === 'function') return (fieldOrValues as (current: T) => T)(current);
      return { ...current, ...(fieldOrValues as Partial<T>) };
    });
  }, []) as Form<T>['setData'];

  const setError = useCallback((fieldOrErrors: unknown, message?: string) => {
    setErrors((current) =>
      typeof fieldOrErrors === 'string'
        ? { ...current, [fieldOrErrors]: message }
        : { ...current, ...(fieldOrErrors as FormErrors<T>) },
    );
  }, []) as Form<T>['setError'];

  const clearErrors = useCallback((...fields: (keyof T & string)[]) => {
    setErrors((current) => {
      if (fields.length === 0) return {};
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  const restore = useCallback(
    (fields: (keyof T & string)[], toValue: (field: keyof T & string) => unknown) => {
      setDataState((current) => {
        const keys = fields.length > 0 ? fields : (Object.keys(initial) as (keyof T & string)[]);
        const next: FormValues = { ...current };
        for (const key of keys) next[key] = toValue(key) as T[keyof T];
        return next as T;
      });
    },
    [initial],
  );
  const reset = useCallback((...fields: (keyof T & string)[]) => restore(fields, (key) => initial[key]), [restore, initial]);
  const resetToNull = useCallback((...fields: (keyof T & string)[]) => restore(fields, () => null), [restore]);

  const submit = useCallback(
    async <R>(method: FormMethod, url: string, submitOptions: SubmitOptions<R> = {}) => {
      const values = transformRef.current(trimValues(dataRef.current, trim));
      const multipart = hasFiles(values as FormValues);
      clearTimeout(timer.current);
      setProcessing(true);
      setWasSuccessful(false);
      setRecentlySuccessful(false);
      setProgress(null);
      try {
        const response = await http.request<R>({
          method,
          url,
          data: multipart ? toFormData(values as FormValues) : values,
          onUploadProgress: ({ loaded, total }) => {
            if (total) setProgress(Math.round((loaded / total) * 100));
          },
        });
        setErrors({});
        setWasSuccessful(true);
        setRecentlySuccessful(true);
        timer.current = setTimeout(() => setRecentlySuccessful(false), recentlySuccessfulMs);
        submitOptions.onSuccess?.(response);
        return response;
      } catch (error) {
        // the answer to this attempt replaces the last one's messages: a 429 after a 422 must not keep the 422's
        // field messages on screen as if they still applied. This is the one place field messages are attached; the
        // error handler only tells the rest apart (decision 025).
        setErrors(fieldMessages(readFailure(error), initial, aliasesRef.current) as FormErrors<T>);
        submitOptions.onError?.(error);
        throw error;
      } finally {
        setProcessing(false);
        setProgress(null);
        submitOptions.onFinish?.();
      }
    },
    [trim, initial],
  );

  const isDirty = useMemo(
    () => Object.keys({ ...initial, ...data }).some((key) => !Object.is(data[key], initial[key])),
    [data, initial],
  );

  return {
    data,
    setData,
    errors,
    hasErrors: Object.values(errors).some(Boolean),
    processing,
    progress,
    wasSuccessful,
    recentlySuccessful,
    isDirty,
    reset,
    resetToNull,
    transform: (fn) => {
      transformRef.current = fn;
    },
    setError,
    clearErrors,
    hasField: (field) => field in initial || field in (aliases ?? {}),
    field: (name) => ({
      name,
      value: data[name] as string,
      onValueChange: (value) => setData(name, value as T[typeof name]),
      error: errors[name],
    }),
    submit,
  };
}

/** A 422's first message of each field the form has, under the form's field name (an alias's message wins). */
function fieldMessages(failure: Failure, defaults: FormValues, aliases: Record<string, string>): Record<string, string> {
  return failure.kind === 'validation' ? ownMessages(firstMessages(failure.fields), defaults, aliases) : {};
}

/** The messages, one by server field, that belong to a field of the form, under the form's field name. */
function ownMessages(
  messages: Record<string, string>,
  defaults: FormValues,
  aliases: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages)) if (field in defaults && !(field in aliases)) out[field] = message;
  for (const [key, target] of Object.entries(aliases)) if (messages[key]) out[target] = messages[key];
  return out;
}

/** The defaults with the values the server sent back: text as sent, a flag from a ticked box's 'on'. */
function withValues<T extends FormValues>(defaults: T, values: Record<string, string> | undefined): T {
  if (!values) return defaults;
  const out: FormValues = { ...defaults };
  for (const [key, value] of Object.entries(values)) {
    if (!(key in defaults) || typeof value !== 'string') continue;
    if (typeof defaults[key] === 'boolean') out[key] = value === 'on' || value === 'true';
    else if (typeof defaults[key] === 'string') out[key] = value;
  }
  return out as T;
}
