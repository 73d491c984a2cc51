import * as z from 'zod';
import { zCustomerTagInput } from '@generated/zod.gen';
import type { CustomerTag, CustomerTagInput, CustomerTagUpdate } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { tagMessages } from '../messages';

/** The tag form (/customer-tags/create and /customer-tags/{id}). */

const shape = zCustomerTagInput.shape;

export const tagFormSchema = z.object({
  name: z.string().trim().pipe(shape.name),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  description: z.string().trim().pipe(z.string().max(500)),
});

export type TagFormInput = z.input<typeof tagFormSchema>;
export type TagFormValues = z.output<typeof tagFormSchema>;

export const tagIssueMessages: FieldIssueMessages = {
  name: { required: tagMessages.nameRequired },
  color: { '*': tagMessages.colorInvalid },
};

export const newTagForm = (): TagFormInput => ({ name: '', color: '#2f9e44', description: '' });

export const tagFormFrom = (tag: CustomerTag): TagFormInput => ({ name: tag.name, color: tag.color, description: tag.description ?? '' });

export function toTagInput(values: TagFormValues): CustomerTagInput {
  return { name: values.name, color: values.color.toLowerCase(), ...(values.description ? { description: values.description } : {}) };
}

export function toTagUpdate(values: TagFormValues, version: number): CustomerTagUpdate {
  return { ...toTagInput(values), version };
}
