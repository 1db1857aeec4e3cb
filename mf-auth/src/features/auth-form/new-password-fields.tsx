import { PasswordField } from '@gota/shared/ui';

type Field = 'password' | 'password_confirmation';

interface NewPasswordFieldsProps {
  ids: Record<Field, string>;
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  onChange: (field: Field, value: string) => void;
}

/** 'Nueva contraseña' and 'Confirmar contraseña', each with its show/hide toggle: registration and reset share them. */
export function NewPasswordFields({ ids, values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label="Nueva contraseña"
        hint="Entre 8 y 64 caracteres."
        autoComplete="new-password"
        toggle
        value={values.password}
        onValueChange={(value) => onChange('password', value)}
        error={errors.password}
      />
      <PasswordField
        id={ids.password_confirmation}
        label="Confirmar contraseña"
        autoComplete="new-password"
        toggle
        value={values.password_confirmation}
        onValueChange={(value) => onChange('password_confirmation', value)}
        error={errors.password_confirmation}
      />
    </>
  );
}
