import type { ColorLabelKind } from '~/components/color-label-form';
import { tagMessages } from '../messages';
import { tagFormSchema, tagIssueMessages } from '../schemas/tag-form-schema';

/** Mantine's palette, shade 6: the swatches offered. */
export const TAG_SWATCHES = ['#2f9e44', '#1c7ed6', '#ae3ec9', '#f76707', '#e03131', '#0c8599', '#f59f00', '#6741d9', '#d6336c', '#5c940d'];

/** A customer tag as a coloured label (the shared form of src/components/color-label-form). */
export const tagLabelKind: ColorLabelKind = {
  schema: tagFormSchema,
  issueMessages: tagIssueMessages,
  swatches: TAG_SWATCHES,
  nameMaxLength: 40,
  nameDescription: tagMessages.nameDescription,
};
