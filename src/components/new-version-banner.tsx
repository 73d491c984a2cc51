import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

/** SPEC §2: a banner announcing a new app version, with a reload action. */
export function NewVersionBanner({ onReload }: { onReload: () => void }) {
  return (
    <Paper role="status" shadow="md" p="sm" withBorder pos="fixed" bottom={16} left={16} style={{ zIndex: 400 }}>
      <Group gap="sm">
        <Text size="sm">
          <FormattedMessage id="shell.newVersion.text" defaultMessage="A new version of Cita is available." />
        </Text>
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onReload}>
          <FormattedMessage id="shell.newVersion.reload" defaultMessage="Reload" />
        </Button>
      </Group>
    </Paper>
  );
}
