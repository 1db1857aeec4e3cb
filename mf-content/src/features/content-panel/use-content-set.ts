import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  contentSetsApi,
  previewApi,
  validationErrorBodyByPath,
  type ContentPreviewAnswer,
  type ContentSet,
  type ContentSetAnswer,
  type ContentSetConflict,
  type ContentSetItems,
  type ContentSetKind,
  type ListSetKind,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError, http, readFailure } from '@gota/shared/http';
import { useNavigate } from '@gota/shared/router';
import { AlliesSaveSchema, CountersSaveSchema, FactsSaveSchema, KitSaveSchema } from '@gota/shared/schemas';
import { useSiteStore } from '@gota/shared/store';

const schemas = {
  datos: FactsSaveSchema,
  contadores: CountersSaveSchema,
  descargas: KitSaveSchema,
  aliados: AlliesSaveSchema,
} as const;

/** A row on screen: the item and a key of its own that follows it when it moves. */
export type Row<T> = T & { key: number };

interface SetSaverOptions<K extends ContentSetKind> {
  /** Where the set is saved (PUT) and its revisions restored (POST …/revisiones/{n}/restaurar). */
  api: string;
  /** The server's rules for a save (a schema of `@gota/shared/schemas`), checked before sending. */
  schema: {
    safeParse: (value: unknown) => { success: true } | { success: false; error: Parameters<typeof validationErrorBodyByPath>[0] };
  };
  initial: ContentSet<K>;
  /** What is on screen now: what «Guardar» and «Guardar la mía encima» send. */
  current: () => ContentSetItems[K];
  /** Another version of the set replaces what is on screen (a restore, «Usar la suya»). */
  onAdopt: (set: ContentSet<K>) => void;
  /** More of a save's body than the items and the version (the allies' `desde`, a lead turned into an ally). */
  extra?: ((items: ContentSetItems[K]) => Record<string, unknown>) | undefined;
}

/**
 * Saving one set of the panel (decisions 059 and 062), whatever it holds: «Guardar y publicar» through the form helper
 * with the version the page was read at; a 422's messages by place (`items.2.etiqueta`, `items.seo.title`); a 409 kept
 * until the person takes their version or saves theirs on top; «Restaurar».
 */
export function useSetSaver<K extends ContentSetKind>({ api, schema, initial, current, onAdopt, extra }: SetSaverOptions<K>) {
  const navigate = useNavigate();
  const alert = useSiteStore((state) => state.addAlert);
  const [set, setSet] = useState(initial);
  /** Messages by place: `items.2.etiqueta`, `items`. */
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<ContentSetConflict<K> | null>(null);
  const form = useForm<{ version: number }>({ version: initial.version });
  // the panel's page object again, for the revisions and the log (what is on screen stays: the same page stays mounted)
  const reload = () => navigate(window.location.pathname, { replace: true, preventScrollReset: true });

  function adopt(next: ContentSet<K>) {
    setSet(next);
    onAdopt(next);
    setMessages({});
    setConflict(null);
  }

  function showProblems(fields: Record<string, readonly string[]>) {
    const byPlace = Object.fromEntries(Object.entries(fields).map(([place, list]) => [place, list[0] ?? '']));
    setMessages(byPlace);
    alert({ type: 'warning', title: 'Revisa los campos marcados', subtitle: Object.values(byPlace)[0] ?? '', closable: true });
  }

  /**
   * What a save of the screen on top of `version` sends, or null when the server would refuse it: what it would refuse
   * is not sent, and the same messages go in the same places.
   */
  function checkedBody(version: number): Record<string, unknown> | null {
    const items = current();
    const body = { items, version, ...extra?.(items) };
    const checked = schema.safeParse(body);
    if (checked.success) return body;
    showProblems(validationErrorBodyByPath(checked.error).errors);
    return null;
  }

  /** Saves what is on screen on top of `version` (the page's, or theirs after «Guardar la mía encima»). */
  async function save(version = set.version): Promise<void> {
    const body = checkedBody(version);
    if (!body) return;
    form.transform(() => body);
    try {
      const answer = (await form.submit<ContentSetAnswer<K>>('put', api)).data;
      setSet(answer.set);
      setMessages({});
      setConflict(null);
      alert({ type: 'success', title: answer.message });
      await reload();
    } catch (failed) {
      const failure = readFailure(failed);
      if (failure.kind === 'validation') showProblems(failure.fields);
      else if (failure.kind === 'status' && failure.status === 409) {
        setConflict((failed as { response: { data: ContentSetConflict<K> } }).response.data);
      } else handleError(failed);
    }
  }

  async function restore(number: number): Promise<void> {
    try {
      const answer = (await http.post<ContentSetAnswer<K>>(`${api}/revisiones/${number}/restaurar`, { version: set.version }))
        .data;
      adopt(answer.set);
      alert({ type: 'success', title: answer.message });
      await reload();
    } catch (failed) {
      const failure = readFailure(failed);
      if (failure.kind === 'status' && failure.status === 409)
        setConflict((failed as { response: { data: ContentSetConflict<K> } }).response.data);
      else handleError(failed);
    }
  }

  /**
   * «Vista previa» (decision 066): what is on screen, unsaved, sent as a save's body and kept by the server an hour under
   * an address of its own; null when it was refused (its messages shown as a save's are).
   */
  async function preview(): Promise<ContentPreviewAnswer | null> {
    const body = checkedBody(set.version);
    if (!body) return null;
    try {
      const answer = (await http.post<ContentPreviewAnswer>(previewApi(api), body)).data;
      setMessages({});
      return answer;
    } catch (failed) {
      const failure = readFailure(failed);
      if (failure.kind === 'validation') showProblems(failure.fields);
      else handleError(failed);
      return null;
    }
  }

  return {
    set,
    messages,
    conflict,
    /** What is on screen now, as a save would send it (the conflict's «Tu versión»). */
    mine: current,
    saving: form.processing,
    save,
    preview,
    /** The form's submit: «Guardar y publicar». */
    submit: (event: FormEvent) => {
      event.preventDefault();
      void save();
    },
    restore,
    /** A set another action of the page saved (a kit file's upload): it replaces what is on screen, then the page's revisions and log are read again. */
    adoptSaved: (next: ContentSet<K>) => {
      adopt(next);
      return reload();
    },
    /** A 409 of another action of the page (an upload on a stale version) becomes the set's conflict; whether it was one. */
    conflictFrom: (failed: unknown): boolean => {
      const data = (failed as { response?: { status?: number; data?: Partial<ContentSetConflict<K>> } }).response;
      if (data?.status !== 409 || !data.data?.current) return false;
      setConflict(data.data as ContentSetConflict<K>);
      return true;
    },
    /** «Usar la suya»: their set replaces what is on screen. */
    takeTheirs: () => {
      if (conflict) adopt(conflict.current);
    },
    /** «Guardar la mía encima»: what is on screen is saved on top of their version (theirs stays a revision). */
    keepMine: () => {
      if (conflict) void save(conflict.current.version);
    },
  };
}

export type SetSaver<K extends ContentSetKind> = ReturnType<typeof useSetSaver<K>>;

/**
 * The editing of one list (the water facts or the counters, decision 059): the rows on screen, moved, added, removed,
 * saved through `useSetSaver`.
 */
export function useContentSet<K extends ListSetKind | 'descargas'>(
  kind: K,
  initial: ContentSet<K>,
  /** More of a save's body than the rows and the version (the allies' `desde`, a lead turned into an ally). */
  extra?: (items: ContentSetItems[K]) => Record<string, unknown>,
) {
  type Item = ContentSetItems[K][number];
  // the first rows' keys are their places (the same on the server and in the browser: ids are made of them)
  const nextKey = useRef(initial.items.length);
  const withKeys = (items: readonly Item[]): Row<Item>[] => items.map((item) => ({ ...item, key: nextKey.current++ }));
  const [rows, setRows] = useState<Row<Item>[]>(() => initial.items.map((item, index) => ({ ...item, key: index })));
  /** What the live region says after a move («Dato movido a la posición 3»). */
  const [announcement, setAnnouncement] = useState('');
  const saver = useSetSaver<K>({
    api: contentSetsApi[kind],
    schema: schemas[kind],
    initial,
    current: () => rows.map(({ key: _key, ...item }) => item) as unknown as ContentSetItems[K],
    onAdopt: (next) => setRows(withKeys(next.items)),
    extra,
  });
  const focusAfterChange = useFocusAfterChange(rows);

  function update(key: number, change: Partial<Item>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  /** Moves a row one place; `among` (the rows of its section, for the allies) is what its position is counted in. */
  function move(key: number, by: -1 | 1, what: string, among: (row: Row<Item>) => boolean = () => true) {
    shift(key, (current, from) => from + by, what, among);
  }

  /** Puts a row where another one is (a drag dropped on it), the rows between moving one place. */
  function place(key: number, over: number, what: string, among: (row: Row<Item>) => boolean = () => true) {
    shift(key, (current) => current.findIndex((row) => row.key === over), what, among);
  }

  function shift(
    key: number,
    target: (current: Row<Item>[], from: number) => number,
    what: string,
    among: (row: Row<Item>) => boolean,
  ) {
    setRows((current) => {
      const from = current.findIndex((row) => row.key === key);
      const to = target(current, from);
      if (from < 0 || to < 0 || to >= current.length || to === from) return current;
      const next = [...current];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row!);
      const peers = next.filter(among);
      setAnnouncement(`${what} movido a la posición ${peers.indexOf(row!) + 1} de ${peers.length}.`);
      return next;
    });
  }

  /** Changes a row and puts it at `place` of the list (an ally moved to the members goes to the top of theirs). */
  function relocate(key: number, change: Partial<Item>, place: (others: Row<Item>[]) => number, said: string) {
    setRows((current) => {
      const row = current.find((candidate) => candidate.key === key);
      if (!row) return current;
      const others = current.filter((candidate) => candidate.key !== key);
      others.splice(place(others), 0, { ...row, ...change });
      setAnnouncement(said);
      return others;
    });
  }

  function add(item: Item): number {
    const key = nextKey.current++;
    setRows((current) => [...current, { ...item, key }]);
    return key;
  }

  function remove(key: number) {
    setRows((current) => current.filter((row) => row.key !== key));
  }

  return {
    ...saver,
    rows,
    announcement,
    update,
    move,
    place,
    relocate,
    add,
    remove,
    /** The element to focus once the rows on screen changed (the row's own button after a move). */
    focusAfterChange,
  };
}

/**
 * After a move, an addition or a removal in a list, the focus goes where the person is working, not to the top of the
 * page: the returned function names the element to focus once `list` changed on screen.
 */
export function useFocusAfterChange(list: unknown): (id: string) => void {
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    // a new fact's writing area is made by its editor right after this render
    const focus = () => document.getElementById(id)?.focus();
    if (document.getElementById(id)) focus();
    else requestAnimationFrame(focus);
  }, [list]);
  return (id: string) => {
    focusNext.current = id;
  };
}

export type ContentSetEditor<K extends ListSetKind | 'descargas'> = ReturnType<typeof useContentSet<K>>;
