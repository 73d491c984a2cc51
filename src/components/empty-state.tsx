import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** SPEC §2: the empty state every list shows when it has nothing yet. */
export function EmptyState({ title, description, icon, action }: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        {icon ?? <IconInbox size={30} aria-hidden />}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" maw={420}>
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
