import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of a create, edit or detail page: the back link, the level-1 title (with what stands
 * before it, such as a colour swatch, and badges after it), a line under it, and the page's actions
 * (delete, export) on the right.
 */
export function PageHeader({ back, title, before, badges, subtitle, actions }: {
  back: ReactNode;
  title: ReactNode;
  before?: ReactNode;
  badges?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {back}
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Group gap="sm">
            {before}
            <Title order={1}>{title}</Title>
            {badges}
          </Group>
          {subtitle}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
