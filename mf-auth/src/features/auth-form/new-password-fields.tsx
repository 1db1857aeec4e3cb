import type { FieldBinding } from '@gota/shared/forms';
import { PasswordField } from '@gota/shared/ui';

type Field = 'password' | 'password_confirmation';

interface NewPasswordFieldsProps {
  ids: Record<Field, string>;
  /** Each field's binding to its form: `form.field('password')`. */
  fields: Record<Field, FieldBinding>;
}

/** 'Nueva contraseña' and 'Confirmar contraseña', each with its show/hide toggle: registration and reset share them. */
export function NewPasswordFields({ ids, fields }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label="Nueva contraseña"
        hint="Entre 8 y 64 caracteres."
        autoComplete="new-password"
        toggle
        {...fields.password}
      />
      <PasswordField
        id={ids.password_confirmation}
        label="Confirmar contraseña"
        autoComplete="new-password"
        toggle
        {...fields.password_confirmation}
      />
    </>
  );
}
