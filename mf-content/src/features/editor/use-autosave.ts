import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  storiesApi,
  storyFieldLabels,
  type EditorStory,
  type StoryAnswer,
  type StoryConflict,
  type StoryFields,
} from '@gota/shared/contracts';
import type { Form, FormValues } from '@gota/shared/forms';
import { readFailure } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { draftProblems } from '@gota/shared/schemas';

/** A story's fields as the form helper holds them. */
export type EditorFields = StoryFields & FormValues;
/** A story's fields, for the form helper (an interface has no index signature, so TypeScript is told). */
export const editorFields = (fields: StoryFields): EditorFields => fields as EditorFields;

/** How long typing must pause before the draft saves itself. */
export const autosaveDelayMs = 2000;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; reason: string }
  /** Not sent: the schema refuses the fields (the server would too); `missing` names them. */
  | { kind: 'invalid'; missing: string[] }
  | { kind: 'conflict' };

export interface Autosave {
  /** The story as the server last answered (null until a new one's first save). */
  story: EditorStory | null;
  /** The story as the server last answered, read when called (an action right after a save needs its version). */
  current: () => EditorStory | null;
  status: SaveStatus;
  /** Changes on screen the server does not have yet. */
  unsaved: boolean;
  /** Saves now if anything changed; true when the server has the working copy afterwards. */
  save: () => Promise<boolean>;
  /**
   * Takes a story the server answered with (an action, a restore, a conflict's version). With `fields`, they replace
   * the working copy (their version, a restored revision) and count as saved.
   */
  adopt: (story: EditorStory, fields?: StoryFields) => void;
}

function failureReason(error: unknown): string {
  const failure = readFailure(error);
  if (failure.kind === 'no-answer') return 'no hubo respuesta del servidor; revisa la conexión.';
  if (failure.kind === 'validation') return failure.message ?? 'revisa los campos marcados.';
  return failure.message ?? `el servidor respondió ${failure.status}.`;
}

/**
 * The draft saves itself (issue #41 item 3): `autosaveDelayMs` after the last change, and at once when asked (a field
 * left, an action). One request at a time: a change made while one is on its way is sent after it. A new story's
 * first save creates it (POST) and moves the address to its own without a reload; later saves send the version they
 * are based on (PUT), and a 409 goes to `onConflict` instead of overwriting anyone's work.
 */
export function useAutosave(
  form: Form<EditorFields>,
  initial: EditorStory | null,
  onConflict: (conflict: StoryConflict) => void,
): Autosave {
  const [story, setStory] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const json = JSON.stringify(form.data);
  const [savedJson, setSavedJson] = useState(json);
  // what the callbacks read: the latest render's, and what a save in flight changes before the next render
  const live = useRef({ story, json, data: form.data, savedJson, onConflict, conflicted: false });
  useLayoutEffect(() => {
    live.current.json = json;
    live.current.data = form.data;
    live.current.onConflict = onConflict;
  });
  const inFlight = useRef<Promise<boolean> | null>(null);
  const again = useRef(false);

  const markSaved = useCallback((saved: string) => {
    live.current.savedJson = saved;
    setSavedJson(saved);
  }, []);

  const adopt = useCallback(
    (next: EditorStory, fields?: StoryFields) => {
      live.current.story = next;
      live.current.conflicted = false;
      setStory(next);
      if (fields) {
        form.setData(editorFields(fields));
        markSaved(JSON.stringify(fields));
        setStatus({ kind: 'idle' });
      }
    },
    [form, markSaved],
  );

  /** One request with the working copy as it is now (none when the server has it already). */
  const sendOnce = useCallback(async (): Promise<boolean> => {
    const { data, json: sending, story: current } = live.current;
    // after a 409 nothing is sent until the person chooses a version (`adopt`)
    if (live.current.conflicted) return false;
    if (sending === live.current.savedJson) return true;
    const problems = draftProblems(data);
    if (Object.keys(problems).length > 0) {
      setStatus({ kind: 'invalid', missing: Object.keys(problems).map((field) => storyFieldLabels[field as keyof StoryFields]) });
      return false;
    }
    setStatus({ kind: 'saving' });
    form.transform((fields) => (current ? { fields, version: current.version } : { fields }));
    try {
      const response = current
        ? await form.submit<StoryAnswer>('put', storiesApi.one(current.id))
        : await form.submit<StoryAnswer>('post', storiesApi.list);
      const saved = response.data.story;
      live.current.story = saved;
      setStory(saved);
      markSaved(sending);
      setStatus({ kind: 'saved', at: new Date() });
      // the new story has an address of its own now: a reload or a shared link opens it (no new page is loaded)
      if (!current) window.history.replaceState(window.history.state, '', route('panelHistoria', { id: saved.id }));
      return true;
    } catch (error) {
      const failure = readFailure(error);
      if (failure.kind === 'status' && failure.status === 409) {
        live.current.conflicted = true;
        setStatus({ kind: 'conflict' });
        live.current.onConflict((error as { response: { data: StoryConflict } }).response.data);
      } else setStatus({ kind: 'failed', reason: failureReason(error) });
      return false;
    }
  }, [form, markSaved]);

  const save = useCallback((): Promise<boolean> => {
    // one request at a time: asked again meanwhile, what changed goes right after, and every caller waits for both
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = async () => {
      let ok = await sendOnce();
      while (ok && again.current) {
        again.current = false;
        ok = await sendOnce();
      }
      again.current = false;
      inFlight.current = null;
      return ok;
    };
    inFlight.current = run();
    return inFlight.current;
  }, [sendOnce]);

  const unsaved = json !== savedJson;
  // the pause after the last change; any change starts it again
  useEffect(() => {
    if (!unsaved || status.kind === 'conflict') return;
    const timer = setTimeout(() => void save(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [json, unsaved, save, status.kind]);

  const current = useCallback(() => live.current.story, []);
  return { story, current, status, unsaved, save, adopt };
}
