import {
  companyCooldownSeconds,
  contactMessages,
  honeypotField,
  validationErrorBody,
  type CompanyMessage,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { firstMessages, handleError, readFailure } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { ErrorSummary, HoneypotField, SubmitButton, TextAreaField, TextField } from '@gota/shared/ui';
import { useEffect, useRef, type FormEvent } from 'react';
import { successAlertMs } from './contact-dialog';
import { SiteDialog } from './site-dialog';
import { useCooldown } from './use-cooldown';
import styles from './dialog-form.module.css';

const ids = { empresa: 'empresa-empresa', name: 'empresa-nombre', email: 'empresa-correo', mensaje: 'empresa-mensaje' } as const;
const waitId = 'empresa-espera';

/** The server's Retry-After in seconds, or the form's own cooldown when it sent none. */
function retryAfterOf(error: unknown): number {
  const failure = readFailure(error);
  return (failure.kind === 'throttled' ? failure.retryAfterSeconds : undefined) ?? companyCooldownSeconds;
}

/**
 * The validation library comes with the dialog, not with the page: it is fetched when the dialog first opens (decision
 * 017). Should it fail to load, the dialog sends anyway and the server answers with the same rules and messages.
 */
const loadSchemas = () => import('@gota/shared/schemas');

/** The field errors of the spec's rules, or null when the data passes them (or they could not be loaded). */
async function localErrors(data: CompanyMessage): Promise<Record<string, string> | null> {
  try {
    const { CompanyMessageSchema } = await loadSchemas();
    const checked = CompanyMessageSchema.safeParse(data);
    return checked.success ? null : firstMessages(validationErrorBody(checked.error).errors);
  } catch {
    return null;
  }
}

/**
 * The company dialog (product §2, §4, §5): validated before sending (the shared schema, the spec's messages), then a 60 s
 * lock after a message. During the lock Enviar stays focusable (aria-disabled) so that a click can say why nothing happens.
 */
export function CompanyDialog() {
  const open = useSiteStore((state) => state.empresaForm);
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  const setPrivacyDialog = useSiteStore((state) => state.setPrivacyDialog);
  const form = useForm({ empresa: '', name: '', email: '', mensaje: '', [honeypotField]: '' }, { trim: true });
  const cooldown = useCooldown();
  const waitMessage = contactMessages.cooldown(cooldown.seconds);
  // the check before sending is asynchronous (the rules load on demand): a second press meanwhile is ignored
  const checking = useRef(false);

  useEffect(() => {
    if (open) void loadSchemas().catch(() => undefined);
  }, [open]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (cooldown.locked) {
      useSiteStore.getState().addAlert({ type: 'warning', title: waitMessage });
      return;
    }
    if (form.processing || checking.current) return;
    checking.current = true;
    const errors = await localErrors(form.data).finally(() => {
      checking.current = false;
    });
    if (errors) {
      form.clearErrors();
      form.setError(errors);
      return;
    }
    form.clearErrors();
    try {
      await form.submit('post', route('contacto'));
      useSiteStore.getState().addAlert({ type: 'success', title: contactMessages.companySent, time: successAlertMs });
      form.reset();
      cooldown.start(companyCooldownSeconds);
    } catch (error) {
      handleError(error, {
        form,
        handlers: {
          // the server's cooldown (or its throttle): lock for as long as it says
          429: (tooSoon) => {
            const seconds = retryAfterOf(tooSoon);
            cooldown.start(seconds);
            useSiteStore.getState().addAlert({ type: 'warning', title: contactMessages.cooldown(seconds) });
          },
        },
      });
    }
  }

  const disabled = cooldown.locked || form.processing;
  const field = (name: keyof typeof ids) => ({ id: ids[name], disabled, ...form.field(name) });

  return (
    <SiteDialog
      open={open}
      onOpenChange={setEmpresaForm}
      title="Súmate como empresa"
      description="Cuéntanos sobre tu empresa y cómo quiere participar en el cuidado del agua."
      maxWidth={1400}
    >
      <ErrorSummary
        errors={Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, form.errors[name as keyof typeof ids]]))}
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={styles.form}>
        <TextField label="Empresa" autoComplete="organization" required {...field('empresa')} />
        <TextField label="Nombre" autoComplete="name" required {...field('name')} />
        <div className={styles.wide}>
          <TextField label="Correo" type="email" autoComplete="email" required {...field('email')} />
        </div>
        <div className={styles.wide}>
          <TextAreaField label="Mensaje" hint="Máximo 1000 caracteres." rows={5} required {...field('mensaje')} />
        </div>
        <HoneypotField id="empresa-trampa" {...form.field(honeypotField)} />
        <p className={`${styles.note} ${styles.wide}`}>
          Al registrarte aceptas nuestras condiciones y{' '}
          <button type="button" className={styles.linkButton} onClick={() => setPrivacyDialog(true)}>
            políticas de privacidad
          </button>
        </p>
        <div className={`${styles.actions} ${styles.wide}`}>
          <SubmitButton busy={form.processing} locked={cooldown.locked} aria-describedby={cooldown.locked ? waitId : undefined}>
            Enviar
          </SubmitButton>
          {cooldown.locked && (
            <p id={waitId} className={styles.wait}>
              {waitMessage}
            </p>
          )}
        </div>
      </form>
    </SiteDialog>
  );
}
