import * as z from 'zod';
import { zServiceObjectInput } from '@generated/zod.gen';
import type { ServiceObject, ServiceObjectInput, ServiceObjectUpdate } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { serviceObjectMessages } from '../messages';

/** The service-object form (/customers/{customerId}/create and …/{serviceId}/edit): what create and update take. */

const shape = zServiceObjectInput.shape;
const text = (max: number) => z.string().trim().pipe(z.string().max(max));

export const serviceObjectFormSchema = z.object({
  name: z.string().trim().pipe(shape.name),
  kind: text(60),
  brand: text(100),
  model: text(100),
  identifier: text(100),
  notes: text(2000),
  attributes: z
    .array(z.object({ key: z.string().trim().pipe(z.string().min(1).max(60)), value: text(500) }))
    .max(50)
    .superRefine((attributes, context) => {
      const seen = new Set<string>();
      attributes.forEach((attribute, index) => {
        const key = attribute.key.toLocaleLowerCase();
        if (key && seen.has(key)) context.addIssue({ code: 'custom', path: [index, 'key'], params: { reason: 'duplicate' } });
        seen.add(key);
      });
    }),
  photos: z.array(z.object({ assetId: z.string(), caption: text(200) })).max(20),
});

export type ServiceObjectFormInput = z.input<typeof serviceObjectFormSchema>;
export type ServiceObjectFormValues = z.output<typeof serviceObjectFormSchema>;

export const serviceObjectIssueMessages: FieldIssueMessages = {
  name: { required: serviceObjectMessages.nameRequired },
  'attributes.*.key': { required: serviceObjectMessages.attributeKeyRequired, duplicate: serviceObjectMessages.attributeDuplicate },
};

export const MAX_PHOTOS = 20;
export const MAX_ATTRIBUTES = 50;

export function newServiceObjectForm(): ServiceObjectFormInput {
  return { name: '', kind: '', brand: '', model: '', identifier: '', notes: '', attributes: [], photos: [] };
}

export function serviceObjectFormFrom(object: ServiceObject): ServiceObjectFormInput {
  return {
    name: object.name,
    kind: object.kind ?? '',
    brand: object.brand ?? '',
    model: object.model ?? '',
    identifier: object.identifier ?? '',
    notes: object.notes ?? '',
    attributes: object.attributes.map((attribute) => ({ ...attribute })),
    photos: object.photos.map((photo) => ({ assetId: photo.assetId, caption: photo.caption ?? '' })),
  };
}

/** The body of create: blank optional text left out. */
export function toServiceObjectInput(values: ServiceObjectFormValues): ServiceObjectInput {
  const optional = (value: string) => (value ? value : undefined);
  return {
    name: values.name,
    kind: optional(values.kind),
    brand: optional(values.brand),
    model: optional(values.model),
    identifier: optional(values.identifier),
    notes: optional(values.notes),
    attributes: values.attributes,
    photos: values.photos.map((photo) => (photo.caption ? { assetId: photo.assetId, caption: photo.caption } : { assetId: photo.assetId })),
  };
}

/** The body of update: the same, with the version that was read. */
export function toServiceObjectUpdate(values: ServiceObjectFormValues, object: ServiceObject): ServiceObjectUpdate {
  return { ...toServiceObjectInput(values), version: object.version };
}
