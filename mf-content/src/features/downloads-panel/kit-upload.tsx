import { useRef, useState, type FormEvent, type Ref } from 'react';
import {
  fileSizeLabel,
  kitApi,
  kitLimits,
  kitTooLargeMessage,
  type ContentSet,
  type ContentSetAnswer,
  type KitFile,
} from '@gota/shared/contracts';
import { http, readFailure } from '@gota/shared/http';
import { buttonClass, SelectField, TextAreaField, TextField, VisuallyHidden } from '@gota/shared/ui';
import styles from '../../pages/panel/panel.module.css';
import { PickerButton, useDropZone } from '../editor/file-picker';
import own from './downloads-panel.module.css';

/** What the file picker offers (the server judges the file by its content, whatever its name says). */
const accepted =
  '.pdf,.png,.jpg,.jpeg,.svg,.html,.htm,.txt,application/pdf,image/png,image/jpeg,image/svg+xml,text/html,text/plain';
const kindsHint = `PDF, PNG, JPEG, SVG, HTML o texto (.txt), hasta ${kitLimits.bytes / 1024 / 1024} MB. Nada de programas ni de ZIP: el sitio arma el ZIP del kit.`;
/** The choice of the upload's target: a new file. */
const newFile = 'nuevo';

/** The server's refusal, by field (`file`, `title`, `description`), in its own words. */
function problemsOf(error: unknown): Record<string, string> {
  const failure = readFailure(error);
  if (failure.kind === 'no-answer')
    return { file: 'No hubo respuesta del servidor: revisa la conexión y vuelve a subir el archivo.' };
  if (failure.kind === 'validation')
    return Object.fromEntries(Object.entries(failure.fields).map(([field, list]) => [field, list[0] ?? '']));
  return { file: failure.message ?? `El servidor no aceptó el archivo (${failure.status}).` };
}

interface KitUploadProps {
  /** The kit as the page has it: its version (a stale one is a 409) and its files, for «Versión nueva de…». */
  set: ContentSet<'descargas'>;
  /** The file a new version is for (its id), or `nuevo`. */
  target: string;
  onTargetChange: (target: string) => void;
  /** The kit after the upload, and what the server said. */
  onUploaded: (answer: ContentSetAnswer<'descargas'>) => void;
  /** A 409: the kit changed meanwhile (the page shows the conflict). */
  onConflict: (error: unknown) => boolean;
  /** The «Elegir un archivo» button, which the page focuses when a row's «Subir versión nueva» is pressed. */
  pickerButton: Ref<HTMLButtonElement>;
}

/**
 * «Subir un archivo» of the kit's page (decision 061): a new file or a new version of one, chosen with the file picker
 * or dropped on the zone, with its title and description; sent through the site's http client with its progress. The
 * size is checked before sending; what the file is, the server says (a program, a ZIP, an unknown kind), under the field.
 */
export function KitUpload({ set, target, onTargetChange, onUploaded, onConflict, pickerButton }: KitUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [percent, setPercent] = useState<number | null>(null);
  const { dragging, zone } = useDropZone(choose);
  const picker = useRef<HTMLInputElement>(null);
  const replaced: KitFile | undefined = set.items.find((item) => item.id === target);
  const options = Object.fromEntries([
    [newFile, 'Un archivo nuevo del kit'],
    ...set.items.map((item) => [item.id, `Versión nueva de «${item.title}»`]),
  ]);

  function choose(next: File | undefined) {
    if (!next) return;
    setFile(next);
    setProblems(next.size > kitLimits.bytes ? { file: kitTooLargeMessage } : {});
  }

  // a new target (chosen here, or by a row's «Subir versión nueva») brings its title and description, to keep or change
  const [filledFor, setFilledFor] = useState(target);
  if (filledFor !== target) {
    setFilledFor(target);
    setTitle(replaced?.title ?? '');
    setDescription(replaced?.description ?? '');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setProblems({ file: 'Elige un archivo para subir.' });
    if (file.size > kitLimits.bytes) return setProblems({ file: kitTooLargeMessage });
    if (!title.trim()) return setProblems({ title: 'Escribe el título del archivo.' });
    const form = new FormData();
    form.set('file', file);
    form.set('title', title.trim());
    form.set('description', description.trim());
    form.set('version', String(set.version));
    if (replaced) form.set('id', replaced.id);
    setProblems({});
    setPercent(0);
    try {
      const answer = await http.post<ContentSetAnswer<'descargas'>>(kitApi.upload, form, {
        onUploadProgress: (progress) => setPercent(progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0),
      });
      setFile(null);
      setTitle('');
      setDescription('');
      onTargetChange(newFile);
      onUploaded(answer.data);
    } catch (failed) {
      if (!onConflict(failed)) setProblems(problemsOf(failed));
    } finally {
      setPercent(null);
      if (picker.current) picker.current.value = '';
    }
  }

  const busy = percent !== null;
  return (
    <section className={styles.section} aria-labelledby="kit-subir">
      <h2 id="kit-subir" className={styles.sectionTitle}>
        Subir un archivo
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="kit-subir" className={own.upload}>
        <SelectField
          id="kit-destino"
          label="Qué subes"
          value={replaced ? target : newFile}
          onValueChange={onTargetChange}
          options={options}
        />
        <div className={own.dropZone} data-dragging={dragging} {...zone}>
          <input
            ref={picker}
            id="kit-archivo"
            type="file"
            className={own.filePicker}
            accept={accepted}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p className={own.dropText} aria-hidden="true">
            Arrastra un archivo aquí
          </p>
          <PickerButton
            ref={pickerButton}
            id="kit-elegir"
            picker={picker}
            busy={busy}
            describedBy={`kit-archivo-pista${problems.file ? ' kit-archivo-error' : ''}`}
          >
            Elegir un archivo
            <VisuallyHidden>{replaced ? ` (versión nueva de «${replaced.title}»)` : ' (archivo nuevo)'}</VisuallyHidden>
          </PickerButton>
          <p id="kit-archivo-pista" className={own.dropText}>
            {file ? `Elegido: ${file.name} (${fileSizeLabel(file.size)}).` : kindsHint}
          </p>
          {problems.file && (
            <p id="kit-archivo-error" className={own.problem}>
              {problems.file}
            </p>
          )}
        </div>
        <TextField
          id="kit-titulo"
          label="Título"
          hint="Lo que lee quien visita /campana."
          maxLength={kitLimits.title}
          value={title}
          onValueChange={setTitle}
          error={problems.title}
        />
        <TextAreaField
          id="kit-descripcion"
          label="Descripción"
          hint="Opcional: para qué sirve el archivo."
          maxLength={kitLimits.description}
          rows={2}
          value={description}
          onValueChange={setDescription}
          error={problems.description}
        />
        {busy && <progress className={own.progress} max={100} value={percent} aria-label="Subiendo el archivo" />}
        <p role="status" className={styles.muted}>
          {busy ? `Subiendo el archivo: ${percent} %` : ''}
        </p>
        <div className={styles.actions}>
          <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} disabled={busy} aria-busy={busy}>
            Subir y publicar
          </button>
        </div>
      </form>
    </section>
  );
}
