import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { StoryScheduleSchema } from '@gota/shared/schemas';
import { buttonClass, TextField } from '@gota/shared/ui';
import styles from './editor.module.css';

interface ScheduleDialogProps {
  open: boolean;
  busy: boolean;
  onSchedule: (at: string) => void;
  onClose: () => void;
}

/** «Programar» (issue #41 item 5): a date and a time of central Mexico, sent as `AAAA-MM-DDTHH:mm`. */
export function ScheduleDialog({ open, busy, onSchedule, onClose }: ScheduleDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>{open && <ScheduleForm busy={busy} onSchedule={onSchedule} />}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ScheduleForm({ busy, onSchedule }: Pick<ScheduleDialogProps, 'busy' | 'onSchedule'>) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | undefined>(undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const at = `${date}T${time}`;
    const checked = StoryScheduleSchema.shape.at.safeParse(at);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    onSchedule(at);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Title className={styles.dialogTitle}>Programar la publicación</Dialog.Title>
      <Dialog.Description className={styles.dialogText}>
        La historia se publica sola en ese momento, en hora del centro de México (Ciudad de México). Hasta entonces puedes seguir
        editándola o cancelar la programación.
      </Dialog.Description>
      <div className={styles.when}>
        <TextField id="programar-fecha" label="Fecha" type="date" value={date} onValueChange={setDate} error={error} required />
        <TextField
          id="programar-hora"
          label="Hora del centro de México"
          type="time"
          value={time}
          onValueChange={setTime}
          required
        />
      </div>
      <div className={styles.dialogActions}>
        <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' })} disabled={busy}>
          Cancelar
        </Dialog.Close>
        <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} aria-busy={busy || undefined}>
          Programar
        </button>
      </div>
    </form>
  );
}
