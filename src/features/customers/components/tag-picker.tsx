import { ColorSwatch, Group, MultiSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { createCustomerTagMutation, listCustomerTagsOptions, listCustomerTagsQueryKey } from '@generated/@tanstack/react-query.gen';
import { zCustomerTagInput } from '@generated/zod.gen';
import { asProblem, problemStatus } from '~/lib/api-problem';
import { MAX_CUSTOMER_TAGS } from '@common/limits';
import { tagPickerMessages } from '../messages';
import { newTagOption, sameTagName } from '../tag-names';

/**
 * The customer form's tags: choose among the business's tags, or type a new name and pick "Create tag
 * “…”" (or press Enter), which creates it (the tags API, the palette's colour) and chooses it (issue 18).
 */
export function TagPicker({ tenantId, value, onChange, onBlur, error }: { tenantId: string; value: string[]; onChange: (value: string[]) => void; onBlur: () => void; error?: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const tags = useQuery(listCustomerTagsOptions({ path: { tenantId }, query: { limit: MAX_CUSTOMER_TAGS } }));
  const create = useMutation(createCustomerTagMutation());
  const [search, setSearch] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const items = tags.data?.items ?? [];
  const colours = new Map(items.map((tag) => [tag.id, tag.color]));
  const typed = search.trim();
  const offerCreate = typed !== '' && !items.some((tag) => sameTagName(tag.name, typed));
  const data = items.map((tag) => ({ value: tag.id, label: tag.name }));
  if (offerCreate) data.push({ value: newTagOption, label: intl.formatMessage(tagPickerMessages.create, { name: typed }) });

  const createAndChoose = async (name: string, chosen: string[]) => {
    setCreateError(null);
    if (!zCustomerTagInput.shape.name.safeParse(name).success) {
      setCreateError(intl.formatMessage(tagPickerMessages.tooLong));
      return;
    }
    try {
      const { tag } = await create.mutateAsync({ path: { tenantId }, body: { tag: { name } } });
      await queryClient.invalidateQueries({ queryKey: listCustomerTagsQueryKey({ path: { tenantId } }) });
      onChange([...chosen, tag.id]);
      setSearch('');
      notifications.show({ color: 'green', title: intl.formatMessage(tagPickerMessages.created), message: tag.name });
    } catch (failure) {
      const code = asProblem(failure)?.code;
      setCreateError(
        intl.formatMessage(
          problemStatus(failure) === 403
            ? tagPickerMessages.forbidden
            : code === 'too_many_tags'
              ? tagPickerMessages.tooMany
              : code === 'duplicate_name'
                ? tagPickerMessages.duplicate
                : tagPickerMessages.failed,
          { max: MAX_CUSTOMER_TAGS },
        ),
      );
    }
  };

  return (
    <MultiSelect
      label={intl.formatMessage({ id: 'customers.form.tags', defaultMessage: 'Tags' })}
      description={intl.formatMessage(tagPickerMessages.description)}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        if (!next.includes(newTagOption)) {
          onChange(next);
          return;
        }
        void createAndChoose(typed, next.filter((id) => id !== newTagOption));
      }}
      onBlur={onBlur}
      searchable
      // Typing highlights the first match, or the offer to create the typed name: Enter takes it.
      selectFirstOptionOnChange
      clearable
      disabled={create.isPending}
      nothingFoundMessage={intl.formatMessage({ id: 'customers.form.tags.none', defaultMessage: 'No tag matches.' })}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {option.value === newTagOption ? null : <ColorSwatch color={colours.get(option.value) ?? '#868e96'} size={12} />}
          <span>{option.label}</span>
        </Group>
      )}
      error={createError ?? error}
    />
  );
}
