import { useEffect, useRef, useState, type FocusEvent } from 'react';
import {
  formatMexicoCity,
  mediaIdOf,
  proposeSlug,
  storiesApi,
  storyActionLabels,
  storyLimits,
  storyStateLabels,
  type EditorStory,
  type PagePropsOf,
  type StoryAnswer,
  type StoryConflict,
  type StoryFields,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { missingForPublication, publicationProblems } from '@gota/shared/schemas';
import { handleError, http, readFailure } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { Link, useNavigate } from '@gota/shared/router';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass, CheckboxField, TextField, VisuallyHidden } from '@gota/shared/ui';
import { ConfirmDialog } from '@gota/shared/ui/confirm-dialog';
import { BodyEditor } from '../../features/editor/body-editor';
import { ConflictDialog, StoryVersion } from '../../features/editor/conflict-dialog';
import { CountedField } from '../../features/editor/counted-field';
import { ImageField } from '../../features/editor/image-field';
import { changedFields } from '../../features/editor/revision-diff';
import { Revisions } from '../../features/editor/revisions';
import { ScheduleDialog } from '../../features/editor/schedule-dialog';
import { blankFields, mexicoCityTime } from '../../features/editor/story-text';
import { TagChips } from '../../features/editor/tag-chips';
import { editorFields, useAutosave, type EditorFields, type SaveStatus } from '../../features/editor/use-autosave';
import { useLeaveGuard } from '../../features/editor/use-leave-guard';
import styles from './panel.module.css';

type Action = 'publish' | 'schedule' | 'unschedule' | 'withdraw';
const actionUrls: Record<Action, (id: string) => string> = {
  publish: storiesApi.publish,
  schedule: storiesApi.schedule,
  unschedule: storiesApi.unschedule,
  withdraw: storiesApi.withdraw,
};

const fieldId = (field: keyof StoryFields) => `historia-${field}`;
type TextKey = { [K in keyof StoryFields]: StoryFields[K] extends string ? K : never }[keyof StoryFields];

function statusText(status: SaveStatus, saved: boolean): string {
  switch (status.kind) {
    case 'saving':
      return 'Guardando…';
    case 'saved':
      return `Guardado a las ${mexicoCityTime(status.at)}`;
    case 'failed':
      return `No se pudo guardar: ${status.reason}`;
    case 'invalid':
      return `Sin guardar todavía: revisa ${status.missing.join(', ')}.`;
    case 'conflict':
      return 'Sin guardar: otra persona guardó esta historia antes.';
    case 'idle':
      return saved ? 'Todos los cambios están guardados.' : 'La historia se guarda sola mientras escribes.';
  }
}

/** What the page tells of the story's state: the label, and what is waiting. */
function StateLine({ story, siteUrl }: { story: EditorStory; siteUrl: string }) {
  const address = `${siteUrl}${route('post', { slug: story.slug })}`;
  return (
    <p className={styles.stateLine}>
      <span className={styles.badge} data-state={story.state}>
        {storyStateLabels[story.state]}
      </span>
      {story.pendingChanges && <span className={styles.pending}>cambios sin publicar</span>}
      {story.state === 'programada' && story.publishAt && (
        <span>Se publicará el {formatMexicoCity(story.publishAt)} (hora del centro de México).</span>
      )}
      {story.state === 'publicada' && (
        <a href={address} target="_blank" rel="noopener">
          {address}
          <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
        </a>
      )}
    </p>
  );
}

/**
 * `Panel/Historia` (GET /panel/historias/nueva and /panel/historias/{id}, issue #41 items 3, 5, 6): the editor of one
 * story. Its fields, the body as Markdown in a rich-text editor, a draft that saves itself, the actions (preview,
 * publish, schedule, withdraw, download) and the revisions. Every control is found by its role and name (the e2e's).
 */
export function HistoriaPage({ story: initial, revisions, log, siteUrl }: PagePropsOf<'Panel/Historia'>) {
  const navigate = useNavigate();
  const alert = useSiteStore((state) => state.addAlert);
  const form = useForm<EditorFields>(editorFields(initial?.fields ?? blankFields(new Date())));
  const [conflict, setConflict] = useState<StoryConflict | null>(null);
  const autosave = useAutosave(form, initial, setConflict);
  const story = autosave.story;
  const fields = form.data;
  // a new text in the body editor (their version, a restored revision) makes a new editor
  const [bodyKey, setBodyKey] = useState(0);
  const [slugEdited, setSlugEdited] = useState(
    () => initial !== null && initial.fields.slug !== proposeSlug(initial.fields.titulo),
  );
  const [slugOpen, setSlugOpen] = useState(false);
  const slugInput = useRef<HTMLInputElement>(null);
  // «Cambiar dirección» gives way to the field: the focus goes there, after the warning
  useEffect(() => {
    if (slugOpen) slugInput.current?.focus();
  }, [slugOpen]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [acting, setActing] = useState<Action | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  useLeaveGuard(autosave.unsaved || autosave.status.kind === 'saving');

  const problems = publicationProblems(fields);
  const error = (field: keyof StoryFields) => form.errors[field] ?? (showAll || touched.has(field) ? problems[field] : undefined);
  const slugFree = story?.slugFree ?? true;
  const set =
    <K extends keyof StoryFields>(field: K) =>
    (value: EditorFields[K]) =>
      form.setData(field, value);
  /** What a text field of the story needs: its id, value, setter and message. */
  const bind = (field: TextKey) => ({ id: fieldId(field), value: fields[field], onValueChange: set(field), error: error(field) });

  function setTitle(titulo: string) {
    form.setData((current) => ({ ...current, titulo, ...(slugFree && !slugEdited ? { slug: proposeSlug(titulo) } : {}) }));
  }

  function onFieldBlur(event: FocusEvent<HTMLFormElement>) {
    const field = event.target.id.startsWith('historia-') ? event.target.id.slice('historia-'.length) : '';
    if (field) setTouched((current) => new Set(current).add(field));
    if (autosave.unsaved) void autosave.save();
  }

  function takeText(next: EditorStory, text: StoryFields) {
    autosave.adopt(next, text);
    setBodyKey((key) => key + 1);
    setSlugEdited(text.slug !== proposeSlug(text.titulo));
  }

  /** The page object again, for the log and the revisions (the editor's state stays: the same page stays mounted). */
  const reload = () => navigate(window.location.pathname, { replace: true, preventScrollReset: true });

  /** «Publicar» and «Programar» need every field: what is missing is named at once, and marked on its field. */
  function readyToPublish(): boolean {
    if (Object.keys(problems).length === 0) return true;
    setShowAll(true);
    alert({
      type: 'warning',
      title: missingForPublication(problems),
      subtitle: 'El borrador se guarda igual; complétalo para publicarlo.',
      closable: true,
    });
    return false;
  }

  async function act(action: Action, extra: Record<string, string> = {}) {
    if (acting) return;
    if ((action === 'publish' || action === 'schedule') && !readyToPublish()) return;
    setActing(action);
    try {
      // an action is decided on what the server has: the working copy goes first
      if (!(await autosave.save())) {
        setShowAll(true);
        alert({
          type: 'warning',
          title: 'Primero hay que guardar la historia',
          subtitle: 'Revisa los campos marcados o el aviso de guardado.',
          closable: true,
        });
        return;
      }
      const current = autosave.current()!;
      const answer = (await http.post<StoryAnswer>(actionUrls[action](current.id), { version: current.version, ...extra })).data;
      autosave.adopt(answer.story);
      setScheduling(false);
      setWithdrawing(false);
      alert({ type: 'success', title: answer.message });
      await reload();
    } catch (failed) {
      const failure = readFailure(failed);
      setWithdrawing(false);
      if (failure.kind === 'status' && failure.status === 409) {
        setScheduling(false);
        setConflict((failed as { response: { data: StoryConflict } }).response.data);
      } else handleError(failed);
    } finally {
      setActing(null);
    }
  }

  function keepMine() {
    if (!conflict) return;
    // their version becomes the base; mine, still on screen, is saved on top of it (theirs stays a revision)
    autosave.adopt(conflict.current);
    setConflict(null);
    void autosave.save();
  }

  function takeTheirs() {
    if (!conflict) return;
    takeText(conflict.current, conflict.current.fields);
    setConflict(null);
    alert({ type: 'info', title: 'Tienes ahora la versión guardada por la otra persona.' });
  }

  const saved = story !== null && !autosave.unsaved;
  const publishLabel = story?.state === 'publicada' ? 'Actualizar' : 'Publicar';
  const canPublish = story !== null && (story.state !== 'publicada' || story.pendingChanges || autosave.unsaved);
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={route('panelHistorias')}>
          <span aria-hidden="true">←</span> Todas las historias
        </Link>
      </p>
      <header className={styles.header}>
        <h1 className={styles.title}>{story ? 'Editar la historia' : 'Nueva historia'}</h1>
        {story && <StateLine story={story} siteUrl={siteUrl} />}
        <div className={styles.saveLine}>
          <p role="status" className={styles.saveStatus} data-kind={autosave.status.kind}>
            {statusText(autosave.status, saved)}
          </p>
          {autosave.status.kind === 'failed' && (
            <button
              type="button"
              className={buttonClass({ variant: 'outlined', shape: 'pill' })}
              onClick={() => void autosave.save()}
            >
              Reintentar
            </button>
          )}
        </div>
      </header>

      <section aria-label="Acciones de la historia" className={styles.actions}>
        {story ? (
          <>
            <a
              href={storiesApi.preview(story.id)}
              target="_blank"
              rel="noopener"
              className={buttonClass({ variant: 'outlined', shape: 'pill' })}
              // the preview shows what the server has: what is on screen is saved first, and only then is the tab
              // opened (a tab opened at once could ask before the save arrives and show the text without the last words)
              onClick={(event) => {
                if (!autosave.unsaved) return;
                event.preventDefault();
                const href = event.currentTarget.href;
                void autosave.save().then((saved) => {
                  // a refused save says why in the status line; the preview would not show it
                  if (saved) window.open(href, '_blank', 'noopener');
                });
              }}
            >
              Vista previa<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
            </a>
            {canPublish && (
              <button
                type="button"
                className={buttonClass({ variant: 'filled', shape: 'pill' })}
                aria-busy={acting === 'publish' || undefined}
                onClick={() => void act('publish')}
              >
                {publishLabel}
              </button>
            )}
            {(story.state === 'borrador' || story.state === 'retirada') && (
              <button
                type="button"
                className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                onClick={() => readyToPublish() && setScheduling(true)}
              >
                Programar
              </button>
            )}
            {story.state === 'programada' && (
              <button
                type="button"
                className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                aria-busy={acting === 'unschedule' || undefined}
                onClick={() => void act('unschedule')}
              >
                Cancelar programación
              </button>
            )}
            {story.state === 'publicada' && (
              <button
                type="button"
                className={buttonClass({ variant: 'outlined', shape: 'pill' })}
                onClick={() => setWithdrawing(true)}
              >
                Retirar
              </button>
            )}
            <a href={storiesApi.markdown(story.id)} download className={buttonClass({ variant: 'plain', shape: 'pill' })}>
              Descargar Markdown
            </a>
          </>
        ) : (
          <p className={styles.muted}>
            Vista previa, publicar y programar aparecen cuando la historia se guarda por primera vez.
          </p>
        )}
      </section>

      <form
        className={styles.form}
        aria-label="Campos de la historia"
        onSubmit={(event) => (event.preventDefault(), void autosave.save())}
        onBlur={onFieldBlur}
        noValidate
      >
        <CountedField {...bind('titulo')} onValueChange={setTitle} label="Título" limit={storyLimits.title} />

        {slugFree || slugOpen ? (
          <div className={styles.slug}>
            {!slugFree && (
              <p className={styles.warning} id="historia-slug-aviso">
                Esta historia ya se publicó en {route('post', { slug: initial?.fields.slug ?? fields.slug })}. Si cambias la
                dirección, la anterior seguirá funcionando y llevará a la nueva (redirección permanente).
              </p>
            )}
            <TextField
              id={fieldId('slug')}
              ref={slugInput}
              label="Dirección (slug)"
              hint={
                slugFree
                  ? `Se propone a partir del título: ${siteUrl}/historias/${fields.slug || '…'}`
                  : `${siteUrl}/historias/${fields.slug || '…'}`
              }
              value={fields.slug}
              onValueChange={(slug) => {
                setSlugEdited(true);
                form.setData('slug', slug);
              }}
              error={error('slug')}
              spellCheck={false}
              autoComplete="off"
            />
          </div>
        ) : (
          <div className={styles.slug}>
            <p className={styles.lockedSlug}>
              <strong>Dirección:</strong> <span className={styles.url}>{route('post', { slug: fields.slug })}</span>
            </p>
            <button
              type="button"
              className={buttonClass({ variant: 'outlined', shape: 'pill' })}
              onClick={() => setSlugOpen(true)}
            >
              Cambiar dirección
            </button>
          </div>
        )}

        <div className={styles.pair}>
          <TextField
            {...bind('fecha')}
            label="Fecha visible"
            hint="Como se lee en la historia: «12 de marzo de 2025»."
            maxLength={storyLimits.displayDate}
          />
          <TextField {...bind('fechaData')} label="Fecha" hint="Ordena las listas." type="date" />
        </div>

        <CountedField
          {...bind('text')}
          label="Resumen"
          hint="Aparece en las tarjetas y es la descripción de la página para los buscadores."
          limit={storyLimits.excerpt}
          multiline
        />

        <TagChips id={fieldId('tags')} tags={fields.tags} onTagsChange={set('tags')} error={error('tags')} />

        <fieldset className={styles.fieldset}>
          <legend>Imágenes</legend>
          <ImageField {...bind('img')} label="Imagen principal" alt={bind('alt')} />
          {/* an uploaded photo holds its alt text (or its decorative mark) in its own field */}
          {mediaIdOf(fields.img) === null && (
            <CountedField
              {...bind('alt')}
              label="Texto alternativo"
              hint="Qué muestra la imagen, para quien no la ve."
              limit={storyLimits.alt}
            />
          )}
          <ImageField {...bind('imgWhite')} label="Imagen de fondo" />
          {mediaIdOf(fields.img) !== null && fields.imgWhite === '' && (
            <p className={styles.muted}>
              Con una foto subida como imagen principal no hace falta imagen de fondo: la foto ocupa todo el recuadro.
            </p>
          )}
          <CheckboxField
            id={fieldId('bigImage')}
            label="Imagen grande"
            checked={fields.bigImage}
            onCheckedChange={set('bigImage')}
          />
          <p className={styles.muted}>
            {fields.slides.length === 0
              ? 'El carrusel no tiene imágenes.'
              : `El carrusel tiene ${fields.slides.length === 1 ? '1 imagen' : `${fields.slides.length} imágenes`}; se conservan como están.`}
          </p>
        </fieldset>

        <BodyEditor
          key={bodyKey}
          id={fieldId('body')}
          initial={fields.body}
          onChange={set('body')}
          onBlur={() => setTouched((current) => new Set(current).add('body'))}
          error={error('body')}
        />
      </form>

      {story && (
        <section aria-labelledby="historia-historial" className={styles.section}>
          <h2 id="historia-historial" className={styles.sectionTitle}>
            Historial
          </h2>
          <Revisions
            // the page object loaded again after an action brings the list anew
            key={`${story.id}-${revisions[0]?.number ?? 0}`}
            storyId={story.id}
            initial={revisions}
            beforeRestore={autosave.save}
            version={() => autosave.current()!.version}
            onRestored={(answer) => {
              takeText(answer.story, answer.story.fields);
              alert({ type: 'success', title: answer.message });
            }}
          />
          {log.length > 0 && (
            <ol className={styles.log} aria-label="Registro de cambios">
              {log.map((line, index) => (
                <li key={`${line.at}-${index}`}>
                  {storyActionLabels[line.action]} · {line.by} · <time dateTime={line.at}>{formatMexicoCity(line.at)}</time>
                  {line.detail && ` · ${line.detail}`}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      <ConflictDialog
        title="Otra persona guardó esta historia"
        conflict={conflict && { message: conflict.message, by: conflict.current.updatedBy, at: conflict.current.updatedAt }}
        changed={conflict ? changedFields(conflict.current.fields, fields) : []}
        theirs={conflict && <StoryVersion fields={conflict.current.fields} />}
        mine={<StoryVersion fields={fields} />}
        onKeepMine={keepMine}
        onUseTheirs={takeTheirs}
      />
      <ScheduleDialog
        open={scheduling}
        busy={acting === 'schedule'}
        onClose={() => setScheduling(false)}
        onSchedule={(at) => void act('schedule', { at })}
      />
      {/* «Retirar» asks first (issue #41 item 5): the story leaves every list and its address answers that it is gone */}
      <ConfirmDialog
        open={withdrawing}
        busy={acting === 'withdraw'}
        onClose={() => setWithdrawing(false)}
        title="¿Retirar la historia?"
        description="Sale de las listas, la búsqueda, el mapa del sitio y el feed, y su dirección responde que ya no está. Puedes volver a publicarla después."
        confirmLabel="Retirar la historia"
        onConfirm={() => void act('withdraw')}
      />
    </div>
  );
}

export default HistoriaPage;
