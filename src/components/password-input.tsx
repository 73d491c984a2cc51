import { PasswordInput as MantinePasswordInput, type PasswordInputProps as MantinePasswordInputProps } from '@mantine/core';
import { forwardRef, useState } from 'react';
import { useIntl } from 'react-intl';

export type PasswordInputProps = Omit<MantinePasswordInputProps, 'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'>;

/**
 * SPEC §2's password input: a password field whose eye button shows or hides the text. The button is
 * reachable with the keyboard and says what it will do ('Show password' / 'Hide password').
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(props, ref) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible
    ? intl.formatMessage({ id: 'components.passwordInput.hide', defaultMessage: 'Hide password' })
    : intl.formatMessage({ id: 'components.passwordInput.show', defaultMessage: 'Show password' });
  return (
    <MantinePasswordInput
      ref={ref}
      visibilityToggleFocusable
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel, 'aria-pressed': visible, title: toggleLabel }}
    />
  );
});
