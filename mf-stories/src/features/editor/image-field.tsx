import { TextField } from '@gota/shared/ui';

interface ImageFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  onBlur?: () => void;
}

/**
 * An image of the story (`img`, `imgWhite`): for now its address as text (`/img/…` or `/media/…`). The photo uploader
 * of issue #41 item 4 replaces what is inside this component (picker, drop zone, focal point), with the same props:
 * the editor only ever gets the address back.
 */
export function ImageField({ id, label, value, onValueChange, error, onBlur }: ImageFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      hint="Dirección de la imagen: /img/… del sitio o /media/… de una foto subida."
      value={value}
      onValueChange={onValueChange}
      error={error}
      onBlur={onBlur}
      spellCheck={false}
      autoComplete="off"
    />
  );
}
