import { appName } from '@gota/shared/contracts';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The shared HTML frame: inline styles only, as mail clients strip the rest. */
function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${text}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;color:#1565c0">${escapeHtml(appName)}</h1>${body}${button}` +
    `<p style="font-size:12px;color:#666">Recibiste este correo por una acción en el sitio de ${escapeHtml(appName)}.</p></body></html>`
  );
}

/*
 * Account mails never carry text someone typed (issue #12 row 9): the address is not proven when they are sent, so a
 * name like «Tu cuenta fue suspendida, entra en https://…» would reach a stranger from our sender. They greet with a
 * plain «Hola:»; the only value from the registration is the generated username (letters, digits and one dot).
 */
export function recoveryMail({ to, link, minutes }: { to: string; link: string; minutes: number }): MailMessage {
  return {
    to,
    link,
    subject: `Restablece tu contraseña de ${appName}`,
    text: [
      'Hola:',
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:',
      link,
      '',
      `El enlace sirve una sola vez y caduca en ${minutes} minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
    ].join('\n'),
    html: layout(
      'Restablece tu contraseña',
      [
        'Hola:',
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
        `El enlace sirve una sola vez y caduca en ${minutes} minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
        `Si el botón no funciona, copia esta dirección en tu navegador: ${escapeHtml(link)}`,
      ],
      { label: 'Elegir una nueva contraseña', href: link },
    ),
  };
}

export function passwordChangedMail({ to }: { to: string }): MailMessage {
  const text = 'La contraseña de tu cuenta acaba de cambiar y cerramos todas tus sesiones abiertas.';
  const warning = 'Si no fuiste tú, solicita de inmediato un nuevo enlace desde «¿Olvidaste tu contraseña?».';
  return {
    to,
    subject: `Tu contraseña de ${appName} cambió`,
    text: ['Hola:', '', text, warning].join('\n'),
    html: layout('Tu contraseña cambió', ['Hola:', text, warning]),
  };
}

export function welcomeMail({ to, username, loginUrl }: { to: string; username: string; loginUrl: string }): MailMessage {
  const access = `Puedes iniciar sesión con tu correo o con tu usuario: ${username}`;
  return {
    to,
    subject: `Te damos la bienvenida a ${appName}`,
    text: ['Hola:', '', `Tu cuenta en ${appName} está lista.`, access, loginUrl].join('\n'),
    html: layout('Tu cuenta está lista', ['Hola:', `Tu cuenta en ${escapeHtml(appName)} está lista.`, escapeHtml(access)], {
      label: 'Iniciar sesión',
      href: loginUrl,
    }),
  };
}

export function contactNotificationMail(
  to: string,
  submission:
    | { kind: 'registro'; name: string; lastName: string; email: string }
    | { kind: 'empresa'; empresa: string; name: string; email: string; mensaje: string },
): MailMessage {
  const rows: [string, string][] =
    submission.kind === 'registro'
      ? [
          ['Nombre', submission.name],
          ['Apellido', submission.lastName],
          ['Correo', submission.email],
        ]
      : [
          ['Empresa', submission.empresa],
          ['Nombre', submission.name],
          ['Correo', submission.email],
          ['Mensaje', submission.mensaje],
        ];
  const subject = submission.kind === 'registro' ? 'Nuevo registro de contacto' : `Nuevo mensaje de ${submission.empresa}`;
  return {
    to,
    subject: `${appName}: ${subject}`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: layout(
      subject,
      rows.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value).replace(/\n/g, '<br>')}`),
    ),
  };
}

/** What the operators are told when a release was rolled back by itself (decision 045). */
export interface RollbackNotice {
  /** The remote's folder name: `mf-stories`. */
  remote: string;
  /** The release rolled back, and the one active again (`local` for the local build). */
  from: string;
  to: string;
  reason: string;
  /** The instance that made the change. */
  instance: string;
  at: Date;
}

/** The operators' notice of an automatic rollback: what, why, where to look. Only the system's own values, no visitor's text. */
export function releaseRolledBackMail(to: string, notice: RollbackNotice): MailMessage {
  const lines = [
    `La versión ${notice.from} de ${notice.remote} se revirtió sola: ahora se sirve ${notice.to} en todas las instancias.`,
    `Motivo: ${notice.reason}`,
    `Instancia: ${notice.instance}. Hora: ${notice.at.toISOString()}.`,
    `Revisa el registro con: npm run release -- list ${notice.remote}`,
  ];
  return {
    to,
    subject: `${appName}: ${notice.remote} volvió a ${notice.to} (reversión automática)`,
    text: lines.join('\n\n'),
    html: layout('Reversión automática', lines.map(escapeHtml)),
  };
}

/**
 * An invitation to the campaign team (decision 051): the roles by their labels and the link, which works once within
 * `hours`. It names who invited (a team member's name, not a visitor's text) and nothing else typed by anyone.
 */
export function invitationMail({
  to,
  link,
  roles,
  by,
  hours,
}: {
  to: string;
  link: string;
  roles: string[];
  by: string;
  hours: number;
}): MailMessage {
  const what = `${by} te invitó al equipo de ${appName} con estos roles: ${roles.join(', ')}.`;
  const how = 'Abre el enlace e inicia sesión con esta dirección de correo, o crea tu cuenta con ella si aún no la tienes.';
  const expiry = `El enlace sirve una sola vez y caduca en ${hours} horas. Si no esperabas esta invitación, ignora este correo.`;
  return {
    to,
    link,
    subject: `Te invitaron al equipo de ${appName}`,
    text: ['Hola:', '', what, how, link, '', expiry].join('\n'),
    html: layout(
      'Invitación al equipo',
      [
        'Hola:',
        escapeHtml(what),
        how,
        expiry,
        `Si el botón no funciona, copia esta dirección en tu navegador: ${escapeHtml(link)}`,
      ],
      { label: 'Abrir la invitación', href: link },
    ),
  };
}
