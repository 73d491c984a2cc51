import type { ColorLabelKind } from '~/components/color-label-form';
import { distinctionMessages } from '../messages';
import { distinctionFormSchema, distinctionIssueMessages } from '../schemas/distinction-form-schema';

/** Mantine's palette, shade 6 (the server's palette for distinctions created without a colour). */
export const DISTINCTION_SWATCHES = ['#fab005', '#15aabf', '#7048e8', '#e64980', '#37b24d', '#fd7e14', '#4263eb', '#f03e3e', '#12b886', '#be4bdb'];

/** An appointment distinction as a coloured label (the shared form of src/components/color-label-form). */
export const distinctionLabelKind: ColorLabelKind = {
  schema: distinctionFormSchema,
  issueMessages: distinctionIssueMessages,
  swatches: DISTINCTION_SWATCHES,
  nameMaxLength: 50,
  nameDescription: distinctionMessages.nameDescription,
  colorDescription: distinctionMessages.colorDescription,
};
