import { Badge, type BadgeProps } from '@mantine/core';
import type { CustomerTag } from '@generated/types.gen';
import { readableTextColor } from '~/lib/contrast';

/**
 * A customer tag as a badge in the tag's own colour. The colour is the business's choice (any hex),
 * so the badge is filled with it and the text is black or white, whichever contrasts more: at least
 * 4.5:1 whatever the colour (WCAG 1.4.3; Mantine's autoContrast threshold gives white on mid greens).
 */
export function TagBadge({ tag, size }: { tag: Pick<CustomerTag, 'name' | 'color'>; size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="filled" color={tag.color} c={readableTextColor(tag.color)}>
      {tag.name}
    </Badge>
  );
}
