import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** SPEC §2: the empty state every list shows when it has nothing yet. */
export function EmptyState({ title, description, icon, action, order = 3 }: {
  title: ReactNode;
  /** The title's heading level: 2 when the page's h1 has no h2 below it (headings must not skip a level). */
  order?: 2 | 3;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        {icon ?? <IconInbox size={30} aria-hidden />}
      </ThemeIcon>
      <Title order={order} size="h4">
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
