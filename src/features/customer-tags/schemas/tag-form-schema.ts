import { zCustomerTagInput } from '@generated/zod.gen';
import type { CustomerTag, CustomerTagInput, CustomerTagUpdate } from '@generated/types.gen';
import { colorLabelFormFrom, colorLabelFormSchema, colorLabelInput, type ColorLabelFormInput, type ColorLabelFormValues } from '~/components/color-label-form';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { tagMessages } from '../messages';

/** The tag form (/customer-tags/create and /customer-tags/{id}): a coloured label (src/components/color-label-form). */

export const tagFormSchema = colorLabelFormSchema(zCustomerTagInput.shape.name);

export type TagFormInput = ColorLabelFormInput;
export type TagFormValues = ColorLabelFormValues;

export const tagIssueMessages: FieldIssueMessages = {
  name: { required: tagMessages.nameRequired },
  color: { '*': tagMessages.colorInvalid },
};

export const newTagForm = (): TagFormInput => ({ name: '', color: '#2f9e44', description: '' });

export const tagFormFrom = (tag: CustomerTag): TagFormInput => colorLabelFormFrom(tag);

export const toTagInput = (values: TagFormValues): CustomerTagInput => colorLabelInput(values);

export function toTagUpdate(values: TagFormValues, version: number): CustomerTagUpdate {
  return { ...toTagInput(values), version };
}
