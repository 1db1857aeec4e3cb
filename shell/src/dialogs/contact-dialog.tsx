import { contactMessages, honeypotField } from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { ErrorSummary, HoneypotField, SubmitButton, TextField } from '@gota/shared/ui';
import type { FormEvent } from 'react';
import { SiteDialog } from './site-dialog';
import styles from './dialog-form.module.css';

/** product §9: how long the success alert shows. */
export const successAlertMs = 2500;

const ids = { name: 'contacto-nombre', lastName: 'contacto-apellido', email: 'contacto-correo' } as const;

/**
 * The contact registration dialog (product §2), opened by CONTÁCTANOS and the hero's call to action. No client rules: the
 * server's messages are shown on the fields and in a summary (docs/decisions/005-contact-form-failures.md).
 */
export function ContactDialog() {
  const open = useSiteStore((state) => state.contactForm);
  const setContactForm = useSiteStore((state) => state.setContactForm);
  const form = useForm({ name: '', lastName: '', email: '', [honeypotField]: '' }, { trim: true });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    form.clearErrors();
    try {
      await form.submit('post', route('contacto'));
      useSiteStore.getState().addAlert({ type: 'success', title: contactMessages.registrationSent, time: successAlertMs });
      form.reset();
    } catch (error) {
      handleError(error, { form });
    }
  }

  return (
    <SiteDialog
      open={open}
      onOpenChange={setContactForm}
      title="Contáctanos"
      description="Déjanos tu nombre y tu correo y te contaremos cómo sumarte al movimiento Gota a Gota."
      maxWidth={1200}
    >
      <ErrorSummary
        errors={{ [ids.name]: form.errors.name, [ids.lastName]: form.errors.lastName, [ids.email]: form.errors.email }}
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className={styles.form}>
        <TextField id={ids.name} label="Nombre" autoComplete="given-name" required {...form.field('name')} />
        <TextField id={ids.lastName} label="Apellido" autoComplete="family-name" required {...form.field('lastName')} />
        <div className={styles.wide}>
          <TextField id={ids.email} label="Correo" type="email" autoComplete="email" required {...form.field('email')} />
        </div>
        <HoneypotField id="contacto-trampa" {...form.field(honeypotField)} />
        <div className={`${styles.actions} ${styles.wide}`}>
          <SubmitButton busy={form.processing}>Enviar</SubmitButton>
        </div>
      </form>
    </SiteDialog>
  );
}
