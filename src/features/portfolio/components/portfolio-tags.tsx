import { Badge, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { portfolioMessages as m } from '../messages';

/** An item's tags as read-only badges (the list's cards and the item's page); nothing when it has none. */
export function PortfolioTags({ tags, size = 'sm' }: { tags: readonly string[]; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  if (tags.length === 0) return null;
  return (
    <Group gap={4} component="ul" aria-label={intl.formatMessage(m.tagList)} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="portfolio-tags">
      {tags.map((tag) => (
        <Badge key={tag} component="li" variant="outline" color="gray" size={size} tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
