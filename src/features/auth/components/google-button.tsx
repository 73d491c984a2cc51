import { Button } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

export function GoogleButton({ onClick, loading, disabled }: { onClick: () => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogleFilled size={18} aria-hidden />}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
    >
      <FormattedMessage id="auth.google.button" defaultMessage="Continue with Google" />
    </Button>
  );
}
