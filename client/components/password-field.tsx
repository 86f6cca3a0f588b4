import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput whose show/hide toggle is named without the word "password", so the field's
 * label stays the one accessible name that matches it (Mantine's default toggle label repeats it).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('app.toggleVisibility') }} />;
}
