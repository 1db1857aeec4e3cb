import { useState, type FormEvent } from 'react';
import { StoryScheduleSchema } from '@gota/shared/schemas';
import { TextField } from '@gota/shared/ui';
import { DialogActions, DialogDescription, DialogTitle, PanelDialog } from '@gota/shared/ui/confirm-dialog';
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
    <PanelDialog open={open} busy={busy} onClose={onClose}>
      {open && <ScheduleForm busy={busy} onSchedule={onSchedule} />}
    </PanelDialog>
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
      <DialogTitle>Programar la publicación</DialogTitle>
      <DialogDescription>
        La historia se publica sola en ese momento, en hora del centro de México (Ciudad de México). Hasta entonces puedes seguir
        editándola o cancelar la programación.
      </DialogDescription>
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
      <DialogActions busy={busy} confirmLabel="Programar" />
    </form>
  );
}
