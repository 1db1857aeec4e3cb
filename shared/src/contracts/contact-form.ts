/** Both payloads share one path; a body with `empresa` or `mensaje` is a company message. */
export function isCompanyPayload(body: Record<string, unknown>): boolean {
  return 'empresa' in body || 'mensaje' in body;
}

/**
 * Hidden field of both contact dialogs: people leave it empty, form-filling bots do not. Render it visually hidden,
 * `tabIndex={-1}`, `autoComplete="off"`, with a label like «No llenes este campo».
 */
export const honeypotField = 'sitio_web';

export const contactMessages = {
  registrationSent: '¡Registro enviado exitosamente!',
  companySent: 'Mensaje enviado con éxito.',
  cooldown: (seconds: number) => `Debes esperar ${seconds} segundos para volver a enviar el formulario.`,
} as const;
