import { useEffect, useRef, useState } from 'react';
import { contentSetsApi, validationErrorBodyByPath, type ContentSet, type ContentSetAnswer, type ContentSetConflict, type ContentSetItems, type ContentSetKind } from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError, http, readFailure } from '@gota/shared/http';
import { useNavigate } from '@gota/shared/router';
import { AlliesSaveSchema, CountersSaveSchema, FactsSaveSchema } from '@gota/shared/schemas';
import { useSiteStore } from '@gota/shared/store';

const schemas = { datos: FactsSaveSchema, contadores: CountersSaveSchema, aliados: AlliesSaveSchema } as const;

/** A row on screen: the item and a key of its own that follows it when it moves. */
export type Row<T> = T & { key: number };

/**
 * The editing of one set (the water facts or the counters, decision 059): the rows on screen, moved, added, removed;
 * «Guardar y publicar» through the form helper with the version the page was read at; a 422's messages by row and field
 * (`items.2.etiqueta`); a 409 kept until the person takes their version or saves theirs on top; «Restaurar».
 */
export function useContentSet<K extends ContentSetKind>(
  kind: K,
  initial: ContentSet<K>,
  /** More of a save's body than the rows and the version (the allies' `desde`, a lead turned into an ally). */
  extra: (items: readonly ContentSetItems[K][number][]) => Record<string, unknown> = () => ({}),
) {
  type Item = ContentSetItems[K][number];
  const navigate = useNavigate();
  const alert = useSiteStore((state) => state.addAlert);
  // the first rows' keys are their places (the same on the server and in the browser: ids are made of them)
  const nextKey = useRef(initial.items.length);
  const withKeys = (items: readonly Item[]): Row<Item>[] => items.map((item) => ({ ...item, key: nextKey.current++ }));
  const [set, setSet] = useState(initial);
  const [rows, setRows] = useState<Row<Item>[]>(() => initial.items.map((item, index) => ({ ...item, key: index })));
  /** Messages by place: `items.2.etiqueta`, `items`. */
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<ContentSetConflict<K> | null>(null);
  /** What the live region says after a move («Dato movido a la posición 3»). */
  const [announcement, setAnnouncement] = useState('');
  const form = useForm<{ version: number }>({ version: initial.version });
  // after a move, an addition or a removal the focus goes where the person is working, not to the top of the page
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    // a new fact's writing area is made by its editor right after this render
    const focus = () => document.getElementById(id)?.focus();
    if (document.getElementById(id)) focus();
    else requestAnimationFrame(focus);
  }, [rows]);
  // the panel's page object again, for the revisions and the log (the rows on screen stay: the same page stays mounted)
  const reload = () => navigate(window.location.pathname, { replace: true, preventScrollReset: true });

  function adopt(next: ContentSet<K>) {
    setSet(next);
    setRows(withKeys(next.items));
    setMessages({});
    setConflict(null);
  }

  function update(key: number, change: Partial<Item>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  /** Moves a row one place; `among` (the rows of its section, for the allies) is what its position is counted in. */
  function move(key: number, by: -1 | 1, what: string, among: (row: Row<Item>) => boolean = () => true) {
    setRows((current) => {
      const from = current.findIndex((row) => row.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
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

  function showProblems(fields: Record<string, readonly string[]>) {
    const byPlace = Object.fromEntries(Object.entries(fields).map(([place, list]) => [place, list[0] ?? '']));
    setMessages(byPlace);
    alert({ type: 'warning', title: 'Revisa los campos marcados', subtitle: Object.values(byPlace)[0] ?? '', closable: true });
  }

  /** Saves the rows on top of `version` (the page's, or theirs after «Guardar la mía encima»). */
  async function save(version = set.version): Promise<void> {
    const items = rows.map(({ key: _key, ...item }) => item);
    // what the server would refuse is not sent: the same rules, the same messages, on the same rows
    const body = { items, version, ...extra(items as unknown as Item[]) };
    const checked = schemas[kind].safeParse(body);
    if (!checked.success) {
      showProblems(validationErrorBodyByPath(checked.error).errors);
      return;
    }
    form.transform(() => body);
    try {
      const answer = (await form.submit<ContentSetAnswer<K>>('put', contentSetsApi[kind])).data;
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
      const answer = (await http.post<ContentSetAnswer<K>>(`${contentSetsApi[kind]}/revisiones/${number}/restaurar`, { version: set.version })).data;
      adopt(answer.set);
      alert({ type: 'success', title: answer.message });
      await reload();
    } catch (failed) {
      const failure = readFailure(failed);
      if (failure.kind === 'status' && failure.status === 409) setConflict((failed as { response: { data: ContentSetConflict<K> } }).response.data);
      else handleError(failed);
    }
  }

  return {
    set,
    rows,
    messages,
    conflict,
    announcement,
    saving: form.processing,
    update,
    move,
    relocate,
    add,
    remove,
    save,
    restore,
    /** The element to focus once the rows on screen changed (the row's own button after a move). */
    focusAfterChange: (id: string) => {
      focusNext.current = id;
    },
    /** «Usar la suya»: their set replaces the rows on screen. */
    takeTheirs: () => conflict && adopt(conflict.current),
    /** «Guardar la mía encima»: the rows on screen are saved on top of their version (theirs stays a revision). */
    keepMine: () => conflict && void save(conflict.current.version),
  };
}

export type ContentSetEditor<K extends ContentSetKind> = ReturnType<typeof useContentSet<K>>;
