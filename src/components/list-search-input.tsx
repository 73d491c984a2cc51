import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list page: `onSearch` gets the text as typed (the page debounces it and goes back to page 1). */
export function ListSearchInput({ onSearch, ...input }: Omit<TextInputProps, 'type' | 'leftSection' | 'onChange'> & { onSearch: (text: string) => void }) {
  return <TextInput type="search" leftSection={<IconSearch size={16} aria-hidden />} onChange={(event) => onSearch(event.currentTarget.value)} {...input} />;
}
