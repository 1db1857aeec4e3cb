/** The one answer to a failed sign-in: the same whether or not the account exists. */
export const invalidCredentialsMessage = 'Estas credenciales no coinciden con nuestros registros';
/** Recovery answers this for any well-formed email (product §10.2, corrected spelling). */
export const recoverySentMessage = 'Se envió un email de recuperación de contraseña al correo indicado';
export const invalidResetTokenMessage = 'El enlace para restablecer la contraseña no es válido o ya caducó. Solicita uno nuevo.';
export const resetDoneMessage = 'Se restableció correctamente la contraseña';
export const loginIdentityRequiredMessage = 'Escribe tu correo o tu usuario';

export const emailTakenMessage = 'Este correo ya está registrado';

/** product §4, §9: after a reset, the countdown before the sign-in page, in seconds. */
export const resetRedirectSeconds = 5;

/** 'Cerrar sesión' failed: the one thing to say, whatever the answer (product §10.3). */
export const signOutFailedMessage = 'No pudimos cerrar tu sesión, intenta más tarde.';
