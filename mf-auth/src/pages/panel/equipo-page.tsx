import { useState, type FormEvent } from 'react';
import {
  formatMexicoCity,
  invitationHours,
  teamMessages,
  teamRoleHints,
  teamRoleLabels,
  teamRoles,
  type PagePropsOf,
  type TeamMember,
  type TeamRole,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError, readFailure } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { CheckboxField, ErrorSummary, SubmitButton, TextField, buttonClass } from '@gota/shared/ui';
import { ConfirmDialog } from '@gota/shared/ui/confirm-dialog';
import { PanelNav } from './panel-nav';
import { Section, useReload } from './panel-section';
import styles from './equipo.module.css';

/** What the team's log calls each change. */
const actionLabels: Record<string, string> = {
  concedido: 'Rol concedido',
  retirado: 'Rol retirado',
  quitado: 'Quitada del equipo',
  invitado: 'Invitación enviada',
  'invitacion-aceptada': 'Invitación aceptada',
  arranque: 'Rol inicial (del entorno)',
  'factor-activado': 'Segundo factor activado',
  'factor-quitado': 'Segundo factor quitado',
  'factor-restablecido': 'Segundo factor restablecido',
};

/** A ticked box per role: the set a person holds, or the set an invitation gives. */
function RoleChoice({
  idPrefix,
  legend,
  roles,
  onChange,
  since,
}: {
  idPrefix: string;
  legend: string;
  roles: TeamRole[];
  onChange: (roles: TeamRole[]) => void;
  since?: TeamMember['roles'];
}) {
  return (
    <fieldset className={styles.roles}>
      <legend className={styles.legend}>{legend}</legend>
      {teamRoles.map((role) => {
        const grant = since?.find((held) => held.role === role);
        return (
          <div key={role} className={styles.role}>
            <CheckboxField
              id={`${idPrefix}-${role}`}
              label={teamRoleLabels[role]}
              checked={roles.includes(role)}
              onCheckedChange={(checked) =>
                onChange(
                  checked
                    ? teamRoles.filter((each) => each === role || roles.includes(each))
                    : roles.filter((each) => each !== role),
                )
              }
            />
            <p className={styles.hint}>
              {teamRoleHints[role]}
              {grant && (
                <>
                  {' '}
                  Desde el <time dateTime={grant.since}>{formatMexicoCity(grant.since)}</time>,{' '}
                  {grant.by ? `por ${grant.by}` : 'por la configuración del servidor'}.
                </>
              )}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * One person: their roles (saved with the version the page showed), their last sign-in, «Quitar del equipo», and
 * «Restablecer segundo factor» for someone who lost their phone (decision 055; not one's own).
 */
function MemberCard({
  member,
  isMe,
  onRemove,
  onReset,
}: {
  member: TeamMember;
  isMe: boolean;
  onRemove: (member: TeamMember) => void;
  onReset: (member: TeamMember) => void;
}) {
  const reload = useReload();
  const alert = useSiteStore((state) => state.addAlert);
  const held = member.roles.map((grant) => grant.role);
  const [roles, setRoles] = useState<TeamRole[]>(held);
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<{ roles: TeamRole[]; version: number }>({ roles: held, version: member.version });
  const headingId = `persona-${member.userId}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    if (roles.length === 0) {
      setConflict(teamMessages.noRole);
      return;
    }
    setConflict(null);
    try {
      form.transform(() => ({ roles, version: member.version }));
      const response = await form.submit<{ message: string }>('post', route('panelEquipoRoles', { id: member.userId }));
      alert({ type: 'success', title: response.data.message });
      await reload();
    } catch (error) {
      const failure = readFailure(error);
      // a stale tab or the last administrator: said here, beside the person, in the server's words
      if (failure.kind !== 'no-answer' && (failure.status === 409 || failure.status === 422 || failure.status === 404))
        setConflict(failure.message ?? teamMessages.conflict);
      else handleError(error);
    }
  }

  return (
    <li className={styles.member} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {member.name} {isMe && <span className={styles.me}>(tú)</span>}
      </h3>
      <p className={styles.email}>{member.email}</p>
      <p className={styles.muted}>
        Último inicio de sesión:{' '}
        {member.lastSignIn ? (
          <time dateTime={member.lastSignIn}>{formatMexicoCity(member.lastSignIn)}</time>
        ) : (
          'todavía no ha iniciado sesión con un rol'
        )}
      </p>
      <form onSubmit={(event) => void save(event)} noValidate>
        <RoleChoice
          idPrefix={`roles-${member.userId}`}
          legend={`Roles de ${member.name}`}
          roles={roles}
          onChange={setRoles}
          since={member.roles}
        />
        {conflict && (
          <div className={styles.conflict} role="alert">
            <p>{conflict}</p>
            <button type="button" className={buttonClass({ variant: 'outlined', shape: 'pill' })} onClick={() => void reload()}>
              Recargar
            </button>
          </div>
        )}
        <div className={styles.actions}>
          <SubmitButton busy={form.processing}>Guardar roles</SubmitButton>
          <button type="button" className={buttonClass({ variant: 'tonal', shape: 'pill' })} onClick={() => onRemove(member)}>
            Quitar del equipo
          </button>
          {!isMe && (
            <button type="button" className={buttonClass({ variant: 'outlined', shape: 'pill' })} onClick={() => onReset(member)}>
              Restablecer segundo factor
            </button>
          )}
        </div>
      </form>
    </li>
  );
}

/** «Invitar»: an email and its roles; the server mails the link. */
function InviteForm() {
  const reload = useReload();
  const alert = useSiteStore((state) => state.addAlert);
  const form = useForm<{ email: string; roles: TeamRole[] }>({ email: '', roles: ['bandeja'] }, { trim: ['email'] });

  async function send(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    try {
      const response = await form.submit<{ message: string }>('post', route('panelEquipoInvitar'));
      alert({ type: 'success', title: response.data.message });
      form.reset();
      await reload();
    } catch (error) {
      handleError(error, { form });
    }
  }

  return (
    <form onSubmit={(event) => void send(event)} noValidate className={styles.invite}>
      <ErrorSummary
        errors={{ 'invitar-correo': form.errors.email, 'invitar-roles-bandeja': form.errors.roles }}
        title="Revisa la invitación"
      />
      <TextField id="invitar-correo" label="Correo de la persona" type="email" autoComplete="off" {...form.field('email')} />
      <RoleChoice
        idPrefix="invitar-roles"
        legend="Roles que tendrá"
        roles={form.data.roles}
        onChange={(roles) => form.setData('roles', roles)}
      />
      {form.errors.roles && (
        <p className={styles.error} id="invitar-roles-error">
          {form.errors.roles}
        </p>
      )}
      <SubmitButton busy={form.processing}>Enviar invitación</SubmitButton>
    </form>
  );
}

/**
 * `Panel/Equipo` (issue #45, decision 051): for administrators, the people of the campaign team with their roles (since
 * when, given by whom) and last sign-in; each person's roles are saved with the version the page showed, so a change
 * made meanwhile elsewhere is reported instead of overwritten; «Quitar del equipo» behind a confirmation; the
 * invitation form, the invitations that still work, and the log.
 */
export function EquipoPage({ members, invitations, log, me, auth }: PagePropsOf<'Panel/Equipo'>) {
  const reload = useReload();
  const alert = useSiteStore((state) => state.addAlert);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const removal = useForm<{ version: number }>({ version: 0 });
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const reset = useForm({});

  async function confirmReset() {
    if (!resetting || reset.processing) return;
    try {
      const response = await reset.submit<{ message: string }>(
        'post',
        route('panelEquipoSegundoFactor', { id: resetting.userId }),
      );
      alert({ type: 'success', title: response.data.message });
      await reload();
    } catch (error) {
      handleError(error);
    } finally {
      setResetting(null);
    }
  }

  async function confirmRemoval() {
    if (!removing || removal.processing) return;
    const member = removing;
    try {
      removal.transform(() => ({ version: member.version }));
      const response = await removal.submit<{ message: string }>('post', route('panelEquipoQuitar', { id: member.userId }));
      setRemoving(null);
      alert({ type: 'success', title: response.data.message });
      await reload();
    } catch (error) {
      const failure = readFailure(error);
      if (failure.kind !== 'no-answer' && failure.message && [404, 409, 422].includes(failure.status))
        setRefusal(failure.message);
      else {
        setRemoving(null);
        handleError(error);
      }
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Equipo</h1>
        <p className={styles.lead}>
          Quién forma parte del equipo de campaña y qué puede hacer. Cada cambio queda en el historial, con quién lo hizo y
          cuándo.
        </p>
        <PanelNav roles={auth.user?.roles ?? []} current="panelEquipo" />
      </header>

      <Section id="equipo-personas" title="Personas del equipo">
        <ul className={styles.members}>
          {members.map((member) => (
            // a new version is a new card: its boxes start from what the database holds
            <MemberCard
              key={`${member.userId}-${member.version}`}
              member={member}
              isMe={member.userId === me}
              onRemove={(person) => {
                setRefusal(null);
                setRemoving(person);
              }}
              onReset={setResetting}
            />
          ))}
        </ul>
      </Section>

      <Section id="equipo-invitar" title="Invitar a alguien">
        <p className={styles.muted}>
          Le llegará un correo con un enlace que sirve una sola vez y caduca en {invitationHours} horas. Al abrirlo, inicia sesión
          o crea su cuenta con esa dirección y recibe los roles.
        </p>
        <InviteForm />
        {invitations.length > 0 && (
          <>
            <h3 className={styles.subTitle}>Invitaciones pendientes</h3>
            <ul className={styles.plain}>
              {invitations.map((invitation) => (
                <li key={`${invitation.email}-${invitation.expiresAt}`}>
                  {invitation.email}: {invitation.roles.map((role) => teamRoleLabels[role]).join(', ')} · invitó {invitation.by} ·
                  caduca el <time dateTime={invitation.expiresAt}>{formatMexicoCity(invitation.expiresAt)}</time>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <Section id="equipo-historial" title="Historial">
        {log.length === 0 ? (
          <p className={styles.muted}>Todavía no hay cambios.</p>
        ) : (
          <ol className={styles.plain}>
            {log.map((line, index) => (
              <li key={`${line.at}-${index}`}>
                <time dateTime={line.at}>{formatMexicoCity(line.at)}</time> · {actionLabels[line.action] ?? line.action}
                {line.role ? ` (${teamRoleLabels[line.role]})` : ''}: {line.subject} · {line.actor}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`¿Quitar a ${removing?.name ?? ''} del equipo?`}
        description="Perderá todos sus roles y sus sesiones abiertas se cerrarán en este momento. Su cuenta del sitio sigue existiendo."
        confirmLabel="Quitar del equipo"
        onConfirm={() => void confirmRemoval()}
        busy={removal.processing}
      >
        {refusal && (
          <p className={styles.conflict} role="alert">
            {refusal}
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting !== null}
        onClose={() => setResetting(null)}
        title={`¿Restablecer el segundo factor de ${resetting?.name ?? ''}?`}
        description="Úsalo solo si perdió su teléfono y sus códigos de recuperación, y confirmaste que es esa persona (por teléfono o en persona). Sus apps, llaves y códigos dejan de servir, sus sesiones se cierran, y al iniciar sesión configurará uno nuevo."
        confirmLabel="Restablecer segundo factor"
        onConfirm={() => void confirmReset()}
        busy={reset.processing}
      />
    </div>
  );
}

export default EquipoPage;
