/**
 * The second factor (issue #45 item 3, decision 055): what the API sends the `mf_auth` pages `Auth/SegundoPaso` and
 * `Panel/Seguridad`, and the Spanish messages both sides show. Types and texts only.
 */

/** How many recovery codes a set holds. */
export const recoveryCodeCount = 10;

/** A passkey of the account, as «Seguridad de la cuenta» lists it. */
export interface PasskeyView {
  /** The credential id (base64url): the address of its removal. */
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
}

/** What an account has enrolled. */
export interface SecondFactorSummary {
  /** ISO 8601 of when the authenticator app was confirmed, or null. */
  totp: string | null;
  passkeys: PasskeyView[];
  /** Recovery codes not used yet. */
  recoveryLeft: number;
}

/** Props of `Panel/Seguridad` (GET /panel/seguridad). */
export interface SeguridadPageProps extends SecondFactorSummary {
  /** The app's secret waiting for its first code (base32, to type) and its QR code (an SVG made by the server); null once confirmed. */
  setup: { secret: string; qrSvg: string } | null;
  /** Whether this person holds a role and has no factor yet: the page explains why it was shown. */
  required: boolean;
  /** New recovery codes, shown once (right after they were made, on the page a form without JavaScript lands on). */
  freshCodes: string[] | null;
  /** A line to announce (a change made by a form sent without JavaScript). */
  notice?: string | null;
  /** One message by field, and `form` for the rest (a form sent without JavaScript). */
  errors?: Record<string, string>;
}

/** Props of `Auth/SegundoPaso` (GET /login/segundo-paso). */
export interface SegundoPasoPageProps {
  /** Whether the account has an authenticator app, and passkeys. */
  totp: boolean;
  passkeys: boolean;
  /** Where the visitor goes once signed in (a path of this site). */
  returnTo: string | null;
  /** No sign-in waits for its second step (it took too long, or the page was opened directly): sign in again. */
  expired: boolean;
  errors?: Record<string, string>;
}

export const secondFactorMessages = {
  required: 'Tu cuenta tiene un rol en el equipo: antes de seguir, configura un segundo factor en «Seguridad de la cuenta».',
  wrongCode:
    'El código no es válido o ya se usó. Escribe el código que muestra ahora tu app o uno de tus códigos de recuperación.',
  wrongSetupCode: 'El código no coincide. Revisa la hora de tu teléfono y escribe el código que muestra ahora la app.',
  passkeyFailed: 'No se pudo comprobar la llave de acceso. Vuelve a intentarlo o usa otro método.',
  noPendingSignIn: 'Tu inicio de sesión caducó. Escribe de nuevo tu correo y contraseña.',
  lastFactor: 'Es tu único segundo factor: agrega otro antes de quitar este.',
  needsFactorForCodes: 'Para generar códigos nuevos, confirma con un código de tu app o con uno de recuperación.',
} as const;
