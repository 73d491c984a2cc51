import { Badge, Group, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { portfolioMessages as m } from '../messages';

/**
 * An item's tags as badges (the list's cards and the item's page); nothing when it has none. With
 * `onPick`, each tag is a button that filters the list by it.
 */
export function PortfolioTags({ tags, size = 'sm', onPick }: { tags: readonly string[]; size?: 'xs' | 'sm'; onPick?: (tag: string) => void }) {
  const intl = useIntl();
  if (tags.length === 0) return null;
  return (
    <Group gap={4} component="ul" aria-label={intl.formatMessage(m.tagList)} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="portfolio-tags">
      {tags.map((tag) => (
        <li key={tag}>
          {onPick ? (
            <UnstyledButton onClick={() => onPick(tag)} aria-label={intl.formatMessage(m.tagFilterBy, { tag })} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
              <Badge component="span" variant="outline" color="gray" size={size} tt="none" style={{ cursor: 'pointer' }}>
                {tag}
              </Badge>
            </UnstyledButton>
          ) : (
            <Badge component="span" variant="outline" color="gray" size={size} tt="none">
              {tag}
            </Badge>
          )}
        </li>
      ))}
    </Group>
  );
}
