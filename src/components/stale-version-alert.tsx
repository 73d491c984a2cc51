import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * "Changed by someone else" (a 409 stale_version on save): what happened and a button that reloads
 * the record; what the person typed stays in the form until they do. Texts come from the feature.
 */
export function StaleVersionAlert({ title, message, reloadLabel, onReload }: { title: string; message: string; reloadLabel: string; onReload: () => void }) {
  return (
    <Alert color="orange" variant="light" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onReload}>
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
