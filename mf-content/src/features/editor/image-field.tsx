import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { mediaApi, mediaIdOf, mediaLimits, mediaTooLargeMessage, storyLimits, type MediaImage } from '@gota/shared/contracts';
import { http, readFailure } from '@gota/shared/http';
import { buttonClass, CheckboxField, FieldFrame, TextField, VisuallyHidden } from '@gota/shared/ui';
import { CountedField } from './counted-field';
import { FilePicker, PickerButton, useDropZone } from './file-picker';
import styles from './editor.module.css';

/** The main image's alt text: the story's `alt` field, written here when the image is an uploaded photo. */
interface AltBinding {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

interface ImageFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  onBlur?: () => void;
  /** The main image: its photo needs an alt text or the decorative mark. Without it (the background) a photo is decorative. */
  alt?: AltBinding;
}

type Upload = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'processing' };

/** What the file picker offers (the server judges the file by its content, whatever its name or type says). */
const accepted = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';
const formatsHint = `JPEG, PNG, WebP o AVIF, hasta ${mediaLimits.bytes / 1024 / 1024} MB y ${mediaLimits.pixels / 1_000_000} megapíxeles.`;
/** How far an arrow key moves the focal point (with Shift, a finer step). */
const focalStep = 0.05;
const fineFocalStep = 0.01;
/** How long the focal point must rest before its new crops are asked for (each is a second of the server's work). */
const focalSaveDelayMs = 600;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 100)} %`;

/** The stored file the story names: the uncropped JPEG, whose address stays when the focal point moves. */
const storyAddress = (image: MediaImage) =>
  image.variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')?.url ?? '';
/** What the editor shows: the smallest uncropped file a browser draws well at the field's width. */
const previewOf = (image: MediaImage) =>
  image.variants.filter((variant) => variant.role === 'full' && variant.format === 'webp').sort((a, b) => a.width - b.width)[1]
    ?.url ?? storyAddress(image);

/**
 * A file as `/api/media` takes it, with the fields of its use after it; or, for a file over the limit the server keeps,
 * that limit's message, said at once rather than after sending 20 MB.
 */
export function mediaForm(file: File, fields: Record<string, string>): FormData | string {
  if (file.size > mediaLimits.bytes) return mediaTooLargeMessage;
  const form = new FormData();
  form.set('file', file);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The refusal's own words (the server's Spanish message on the `file` field), or what went wrong with the request. */
export function uploadFailure(error: unknown): string {
  const failure = readFailure(error);
  if (failure.kind === 'no-answer') return 'No hubo respuesta del servidor: revisa la conexión y vuelve a subir la foto.';
  if (failure.kind === 'validation') return failure.fields.file?.[0] ?? failure.message ?? 'El servidor no aceptó la foto.';
  return failure.message ?? `El servidor no aceptó la foto (${failure.status}).`;
}

/**
 * An image of the story (`img`, `imgWhite`), issue #41 item 4: a photo chosen with the file picker or dropped on the
 * field, sent to `/api/media` with its progress, then its preview, where a click or the arrow keys set the focal
 * point every crop keeps; for the main image, its alt text or the decorative mark. The server's refusals (a renamed
 * program, an SVG, a cut file, a bomb, too heavy) are shown under the field in its own words. An image of the site
 * (`/img/…`, the imported stories') is kept and can still be written as an address. The editor only ever gets the
 * address back: the photo's uncropped JPEG, from which the pages find the photo's crops.
 */
export function ImageField({ id, label, value, onValueChange, error, onBlur, alt }: ImageFieldProps) {
  const photoId = mediaIdOf(value);
  const [photo, setPhoto] = useState<MediaImage | null>(null);
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const { dragging, zone } = useDropZone((file) => void send(file));
  const [focal, setFocal] = useState<{ x: number; y: number } | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const marker = useRef<HTMLButtonElement>(null);
  const focalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // a story opened with a photo: its record (focal point, alt text, files)
  useEffect(() => {
    if (!photoId || photo?.id === photoId) return;
    let current = true;
    http
      .get<MediaImage>(mediaApi.one(photoId))
      .then((answer) => current && (setPhoto(answer.data), setFocal(answer.data.focal)))
      .catch((failed: unknown) => current && setProblem(uploadFailure(failed)));
    return () => {
      current = false;
    };
  }, [photoId, photo?.id]);
  useEffect(() => () => clearTimeout(focalTimer.current), []);

  const shown = photoId && photo?.id === photoId ? photo : null;
  const point = focal ?? shown?.focal ?? { x: 0.5, y: 0.5 };

  async function send(file: File) {
    setProblem(null);
    setSaved('');
    // a background is decorative by nature; the main photo waits for its alt text
    const form = mediaForm(file, !alt ? { decorative: 'true' } : alt.value.trim() ? { alt: alt.value.trim() } : {});
    if (typeof form === 'string') return setProblem(form);
    setUpload({ kind: 'sending', percent: 0 });
    try {
      const answer = await http.post<MediaImage>(mediaApi.upload, form, {
        onUploadProgress: (progress) => {
          const done = progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
          setUpload(done >= 100 ? { kind: 'processing' } : { kind: 'sending', percent: done });
        },
      });
      setPhoto(answer.data);
      setFocal(answer.data.focal);
      onValueChange(storyAddress(answer.data));
      setSaved('Foto subida. Haz clic en la foto para elegir su punto focal.');
    } catch (failed) {
      setProblem(uploadFailure(failed));
    } finally {
      setUpload({ kind: 'idle' });
      if (picker.current) picker.current.value = '';
    }
  }

  async function patchPhoto(
    change: { alt?: string | null; decorative?: boolean; focal?: { x: number; y: number } },
    done: string,
  ) {
    if (!shown) return;
    try {
      const answer = await http.patch<MediaImage>(mediaApi.one(shown.id), change);
      setPhoto(answer.data);
      setSaved(done);
    } catch (failed) {
      setProblem(uploadFailure(failed));
    }
  }

  function moveFocal(next: { x: number; y: number }) {
    const moved = { x: clamp(next.x), y: clamp(next.y) };
    setFocal(moved);
    setSaved('');
    clearTimeout(focalTimer.current);
    focalTimer.current = setTimeout(
      () =>
        void patchPhoto(
          { focal: moved },
          `Punto focal guardado: ${percent(moved.x)} desde la izquierda, ${percent(moved.y)} desde arriba.`,
        ),
      focalSaveDelayMs,
    );
  }

  function onPreviewClick(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    moveFocal({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
    marker.current?.focus();
  }

  function onMarkerKey(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? fineFocalStep : focalStep;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocal({ x: point.x + move[0], y: point.y + move[1] });
  }

  function remove() {
    setPhoto(null);
    setFocal(null);
    setProblem(null);
    setSaved('Foto quitada de la historia.');
    onValueChange('');
  }

  const busy = upload.kind !== 'idle';
  const decorative = shown?.decorative ?? false;
  const hint = shown
    ? 'Haz clic en la foto, o usa las flechas sobre el punto, para elegir qué parte se conserva en cada recorte.'
    : `Arrastra una foto aquí o elígela: ${formatsHint}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={problem ?? error}>
      <div className={styles.imageField} data-dragging={dragging || undefined} {...zone}>
        <FilePicker
          ref={picker}
          id={id}
          accept={accepted}
          problem={problem ?? error}
          onFile={(file) => void send(file)}
          onBlur={onBlur}
        />
        {shown ? (
          <>
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the pointer's way to the point; the keyboard's is the marker button inside, with the arrow keys */}
            <div className={styles.focalArea} onClick={onPreviewClick}>
              <img className={styles.focalImage} src={previewOf(shown)} alt="" width={shown.width} height={shown.height} />
              <button
                ref={marker}
                type="button"
                className={styles.focalMarker}
                style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
                aria-label={`Punto focal: ${percent(point.x)} desde la izquierda, ${percent(point.y)} desde arriba. Muévelo con las flechas.`}
                onKeyDown={onMarkerKey}
                onClick={(event) => event.stopPropagation()}
              />
            </div>
            <div className={styles.cropPreviews} aria-label="Así se recorta" role="group">
              {(['card', 'page'] as const).map((role) => (
                <figure key={role} className={styles.cropPreview}>
                  <img
                    src={previewOf(shown)}
                    alt=""
                    data-role={role}
                    style={{ objectPosition: `${point.x * 100}% ${point.y * 100}%` }}
                  />
                  <figcaption>{role === 'card' ? 'Tarjeta (4:3)' : 'Cabecera (16:9)'}</figcaption>
                </figure>
              ))}
            </div>
            {alt && (
              <div className={styles.photoText}>
                {!decorative && (
                  <CountedField
                    id={alt.id}
                    label="Texto alternativo de la foto"
                    hint="Qué muestra la foto, para quien no la ve."
                    value={alt.value}
                    onValueChange={alt.onValueChange}
                    error={alt.error}
                    limit={storyLimits.alt}
                    onBlur={() => void patchPhoto({ alt: alt.value.trim() || null }, 'Texto alternativo guardado.')}
                  />
                )}
                <CheckboxField
                  id={`${id}-decorativa`}
                  label="Decorativa"
                  checked={decorative}
                  onCheckedChange={(checked) => {
                    if (checked) alt.onValueChange('');
                    void patchPhoto(
                      checked ? { decorative: true } : { decorative: false },
                      checked ? 'Foto marcada como decorativa.' : 'La foto ya no es decorativa: escribe su texto alternativo.',
                    );
                  }}
                />
                <p className={styles.dropText}>Márcala si la foto no añade nada al texto: los lectores de pantalla la saltan.</p>
              </div>
            )}
          </>
        ) : (
          <>
            {value && !photoId && <img className={styles.sitePreview} src={value} alt="" width={160} height={120} />}
            <p className={styles.dropText} aria-hidden="true">
              Arrastra una foto aquí
            </p>
          </>
        )}
        <div className={styles.imageActions}>
          <PickerButton picker={picker} busy={busy} describedBy={`${id}-hint`}>
            {shown ? 'Cambiar foto' : 'Elegir una foto'}
            <VisuallyHidden> ({label})</VisuallyHidden>
          </PickerButton>
          {value && (
            <button type="button" className={buttonClass({ variant: 'plain', shape: 'pill' })} disabled={busy} onClick={remove}>
              Quitar imagen<VisuallyHidden> ({label})</VisuallyHidden>
            </button>
          )}
        </div>
        {upload.kind === 'sending' && (
          <progress className={styles.progress} max={100} value={upload.percent} aria-label={`Subiendo la foto (${label})`} />
        )}
        <p role="status" aria-label={`Foto: ${label}`} className={styles.uploadStatus}>
          {upload.kind === 'sending'
            ? `Subiendo la foto: ${upload.percent} %`
            : upload.kind === 'processing'
              ? 'Preparando la foto para cada pantalla…'
              : problem
                ? `No se pudo: ${problem}`
                : saved}
        </p>
        {!shown && (
          <TextField
            id={`${id}-direccion`}
            label={`${label}: dirección de una imagen del sitio`}
            hint="O escribe /img/…: las ilustraciones del sitio."
            value={photoId ? '' : value}
            onValueChange={onValueChange}
            onBlur={onBlur}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </div>
    </FieldFrame>
  );
}
