import { Stack, Text } from '@mantine/core';

/** A labelled figure in a totals card (the sales and expenses lists): the label small and dimmed, the value bold. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
