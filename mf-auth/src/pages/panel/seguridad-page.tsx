import { useState, type FormEvent } from 'react';
import {
  formatMexicoCity,
  recoveryCodeCount,
  type PagePropsOf,
  type PasskeyView,
  type SeguridadPageProps,
} from '@gota/shared/contracts';
import { useForm, type Form } from '@gota/shared/forms';
import { handleError, http } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass, ErrorSummary, PostForm, SubmitButton, TextField } from '@gota/shared/ui';
import { createPasskey } from '../../features/second-factor/passkeys';
import { PanelNav } from './panel-nav';
import { Section, useReload } from './panel-section';
import styles from './equipo.module.css';
import own from './seguridad.module.css';

/** The recovery codes just made: shown once, with what to do with them. */
function FreshCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.conflict} role="status" aria-labelledby="codigos-nuevos">
      <h2 id="codigos-nuevos" className={styles.subTitle}>
        Tus códigos de recuperación
      </h2>
      <p>
        Guárdalos ahora en un lugar seguro (impresos o en un gestor de contraseñas): no se volverán a mostrar. Cada uno sirve una
        sola vez, si pierdes tu teléfono o tu llave.
      </p>
      <ul className={own.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {/* a link, so that it works without JavaScript too: the page again, without the codes */}
      <Link to={route('panelSeguridad')} replace className={buttonClass({ variant: 'filled', shape: 'pill' })} onClick={onDone}>
        Ya los guardé
      </Link>
    </div>
  );
}

/**
 * A form of one field, a code of the app (or a recovery code), posted to `action` (without scripts too): with scripts,
 * its answer goes to `onAnswer` with the form, and a refusal shows on the field.
 */
function CodeForm<Answer>({
  action,
  errors,
  onAnswer,
  field,
  submit,
}: {
  action: string;
  errors: Record<string, string> | undefined;
  onAnswer: (answer: Answer, form: Form<{ code: string }>) => void;
  field: { id: string; label: string; hint?: string; inputMode?: 'numeric' };
  submit: string;
}) {
  const form = useForm({ code: '' }, { trim: ['code'], fromServer: { errors } });
  async function onSubmit() {
    if (form.processing) return;
    try {
      const response = await form.submit<Answer>('post', action);
      onAnswer(response.data, form);
    } catch (error) {
      handleError(error, { form });
    }
  }
  return (
    <PostForm action={action} onSubmit={() => void onSubmit()} className={own.form}>
      <ErrorSummary errors={{ [field.id]: form.errors.code }} />
      <TextField {...field} type="text" autoComplete="one-time-code" {...form.field('code')} />
      <SubmitButton busy={form.processing}>{submit}</SubmitButton>
    </PostForm>
  );
}

/** What each code form posts to, its field and its button. */
const appCodeForm = {
  action: route('panelSeguridadApp'),
  field: { id: 'seguridad-app-codigo', label: 'Código de la app', inputMode: 'numeric' },
  submit: 'Activar la app',
} as const;
const renewalForm = {
  action: route('panelSeguridadCodigos'),
  field: {
    id: 'seguridad-codigos-codigo',
    label: 'Código para confirmar',
    hint: 'Un código de tu app o uno de tus códigos de recuperación. Los códigos anteriores dejarán de servir.',
  },
  submit: 'Generar códigos nuevos',
};

/** Sets up the authenticator app: the QR code, the secret as text, and the form that confirms its first code. */
function AppSetup({
  setup,
  errors,
  onEnrolled,
}: {
  setup: NonNullable<SeguridadPageProps['setup']>;
  errors?: Record<string, string>;
  onEnrolled: (codes: string[] | null) => void;
}) {
  const alert = useSiteStore((state) => state.addAlert);
  const enrolled = (answer: { message: string; codes: string[] | null }) => {
    alert({ type: 'success', title: answer.message });
    onEnrolled(answer.codes);
  };
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <ol className={own.steps}>
      <li>
        Instala una app de autenticación en tu teléfono (por ejemplo Google Authenticator, Microsoft Authenticator, Aegis o la de
        tu gestor de contraseñas).
      </li>
      <li>
        En la app, agrega una cuenta y escanea este código QR:
        {/* an SVG the server made from the app's address: no script, no request to anyone else */}
        <div
          className={own.qr}
          role="img"
          aria-label="Código QR para agregar Gota a Gota a tu app de autenticación"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        Si no puedes escanearlo, escribe esta clave en la app: <code className={own.secret}>{grouped}</code>
      </li>
      <li>
        Escribe el código de 6 dígitos que muestra la app:
        <CodeForm {...appCodeForm} errors={errors} onAnswer={enrolled} />
      </li>
    </ol>
  );
}

/** A named passkey, and the form that removes it. */
function PasskeyLine({ passkey, onRemoved }: { passkey: PasskeyView; onRemoved: () => void }) {
  const form = useForm({});
  const alert = useSiteStore((state) => state.addAlert);
  const action = route('panelSeguridadLlaveQuitar', { id: passkey.id });
  async function remove() {
    if (form.processing) return;
    try {
      const response = await form.submit<{ message: string }>('post', action);
      alert({ type: 'success', title: response.data.message });
      onRemoved();
    } catch (error) {
      handleError(error);
    }
  }
  return (
    <li className={styles.member}>
      <h3 className={styles.name}>{passkey.name}</h3>
      <p className={styles.muted}>
        Agregada el <time dateTime={passkey.createdAt}>{formatMexicoCity(passkey.createdAt)}</time>
        {passkey.lastUsedAt ? (
          <>
            ; último uso el <time dateTime={passkey.lastUsedAt}>{formatMexicoCity(passkey.lastUsedAt)}</time>
          </>
        ) : null}
        .
      </p>
      <PostForm action={action} onSubmit={() => void remove()}>
        <button
          type="submit"
          className={buttonClass({ variant: 'tonal', shape: 'pill' })}
          aria-busy={form.processing || undefined}
          aria-label={`Quitar la llave «${passkey.name}»`}
        >
          Quitar
        </button>
      </PostForm>
    </li>
  );
}

/** Adds a passkey: its name, then the browser's own dialog (needs JavaScript). */
function AddPasskey({ onEnrolled }: { onEnrolled: (codes: string[] | null) => void }) {
  const alert = useSiteStore((state) => state.addAlert);
  const form = useForm({ name: '' }, { trim: ['name'] });
  async function add(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    form.clearErrors();
    try {
      const answer = await createPasskey(
        route('panelSeguridadLlavesOpciones'),
        async (response) =>
          (
            await http.post<{ message: string; codes: string[] | null }>(route('panelSeguridadLlaves'), {
              name: form.data.name,
              response,
            })
          ).data,
      );
      if (!answer) return;
      alert({ type: 'success', title: answer.message });
      form.reset();
      onEnrolled(answer.codes);
    } catch (error) {
      handleError(error, { form });
    }
  }
  return (
    <form onSubmit={(event) => void add(event)} noValidate className={own.form}>
      <TextField
        id="seguridad-llave-nombre"
        label="Nombre de la llave"
        hint="Para reconocerla después, por ejemplo «Teléfono de Ana» o «Llave USB»."
        autoComplete="off"
        {...form.field('name')}
      />
      <SubmitButton busy={form.processing}>Agregar llave de acceso</SubmitButton>
    </form>
  );
}

/** A new set of recovery codes, confirmed with a code of the app or a recovery code. */
function RenewCodes({ errors, onCodes }: { errors?: Record<string, string>; onCodes: (codes: string[]) => void }) {
  const renewed = (answer: { codes: string[] }, form: Form<{ code: string }>) => {
    form.reset();
    onCodes(answer.codes);
  };
  return <CodeForm {...renewalForm} errors={errors} onAnswer={renewed} />;
}

/**
 * `Panel/Seguridad` (decision 055): the account's second factor. The authenticator app (QR code and secret, confirmed
 * with a code), named passkeys (add with JavaScript; remove with or without it), and the recovery codes: how many
 * remain, and a new set. A person with a role and no factor is sent here first, and told why.
 */
export function SeguridadPage({
  totp,
  passkeys,
  recoveryLeft,
  setup,
  required,
  freshCodes,
  notice,
  errors,
  auth,
}: PagePropsOf<'Panel/Seguridad'>) {
  const reload = useReload();
  const [codes, setCodes] = useState<string[] | null>(freshCodes);
  const [justEnrolled, setJustEnrolled] = useState(false);
  const hasFactor = totp !== null || passkeys.length > 0;
  const enrolled = (fresh: string[] | null) => {
    setJustEnrolled(true);
    if (fresh) setCodes(fresh);
    else void reload();
  };
  const formError = errors?.form;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Seguridad de la cuenta</h1>
        <p className={styles.lead}>
          El segundo factor protege tu cuenta aunque alguien conozca tu contraseña: al iniciar sesión, además de la contraseña,
          muestras un código de tu teléfono o una llave de acceso.{' '}
          <Link to={route('panelGuia', { name: 'seguridad' })}>Guía paso a paso</Link>.
        </p>
        {required && !justEnrolled && (
          <p className={styles.conflict} role="status">
            Tu cuenta tiene un rol en el equipo de campaña. Para abrir el panel, primero activa un segundo factor: la app de
            autenticación o una llave de acceso.
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        {!required && <PanelNav roles={auth.user?.roles ?? []} current="panelSeguridad" />}
      </header>

      {codes && <FreshCodes codes={codes} onDone={() => setCodes(null)} />}
      {justEnrolled && required && (
        <p>
          <Link to={route('panel')}>Continuar al panel</Link>
        </p>
      )}

      <Section id="seguridad-app" title="App de autenticación">
        {totp ? (
          <>
            <p className={styles.muted}>
              Activa desde el <time dateTime={totp}>{formatMexicoCity(totp)}</time>.
            </p>
            <RemoveApp onRemoved={() => void reload()} />
          </>
        ) : setup ? (
          <AppSetup setup={setup} errors={errors} onEnrolled={enrolled} />
        ) : null}
      </Section>

      <Section id="seguridad-llaves" title="Llaves de acceso">
        <p className={styles.muted}>
          Una llave de acceso usa el desbloqueo de tu teléfono o computadora (huella, rostro o PIN) o una llave USB. Agregar una
          necesita JavaScript activado en el navegador.
        </p>
        {passkeys.length > 0 && (
          <ul className={styles.members}>
            {passkeys.map((passkey) => (
              <PasskeyLine key={passkey.id} passkey={passkey} onRemoved={() => void reload()} />
            ))}
          </ul>
        )}
        <AddPasskey onEnrolled={enrolled} />
      </Section>

      <Section id="seguridad-codigos" title="Códigos de recuperación">
        {hasFactor ? (
          <>
            <p className={styles.muted}>
              Te quedan {recoveryLeft} de {recoveryCodeCount}. Si pierdes tu teléfono o tu llave, cada código te deja entrar una
              vez.
            </p>
            {!required && <RenewCodes errors={errors} onCodes={setCodes} />}
          </>
        ) : (
          <p className={styles.muted}>Se crean al activar tu primer segundo factor.</p>
        )}
      </Section>
    </div>
  );
}

/** «Quitar la app»: refused by the server when it is the only factor. */
function RemoveApp({ onRemoved }: { onRemoved: () => void }) {
  const form = useForm({});
  const alert = useSiteStore((state) => state.addAlert);
  async function remove() {
    if (form.processing) return;
    try {
      const response = await form.submit<{ message: string }>('post', route('panelSeguridadAppQuitar'));
      alert({ type: 'success', title: response.data.message });
      onRemoved();
    } catch (error) {
      handleError(error);
    }
  }
  return (
    <PostForm action={route('panelSeguridadAppQuitar')} onSubmit={() => void remove()}>
      <button type="submit" className={buttonClass({ variant: 'tonal', shape: 'pill' })} aria-busy={form.processing || undefined}>
        Quitar la app
      </button>
    </PostForm>
  );
}

export default SeguridadPage;
