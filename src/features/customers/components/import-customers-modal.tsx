import { Alert, Badge, Button, Card, FileInput, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { importCustomersMutation, listCustomersQueryKey, listCustomerTagsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { CustomerImportRow, Tenant } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { asProblem, problemFieldErrors } from '~/lib/api-problem';
import { MAX_CUSTOMER_TAGS } from '@common/limits';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { guessMapping, IMPORT_FIELDS, importBodyBytes, mapRows, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportField } from '../import-mapping';
import { importErrorMessages, importFieldMessages } from '../messages';
import { sniffCsv } from '../csv-sniff';

interface Parsed {
  fileName: string;
  columns: string[];
  data: Array<Record<string, string | undefined>>;
}

interface KeyedRow {
  /** The row's index in the file (its line is key + 2: the header is line 1). */
  key: number;
  row: CustomerImportRow;
}

type CellErrors = Map<number, Array<{ field: ImportField; code: string }>>;

/** Imports customers from a CSV file: column mapping, preview, every failing cell to fix or drop, then all or nothing. */
export function ImportCustomersModal({ tenant, opened, onClose }: { tenant: Tenant; opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const importRows = useMutation(importCustomersMutation());
  const idempotency = useIdempotencyKey();
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [parseError, setParseError] = useState(false);
  const [notCsv, setNotCsv] = useState(false);
  const [mapping, setMapping] = useState<Record<ImportField, string | null> | null>(null);
  const [rows, setRows] = useState<KeyedRow[] | null>(null);
  const [cellErrors, setCellErrors] = useState<CellErrors>(new Map());
  const [error, setError] = useState<unknown>(null);
  const fieldLabel = (field: ImportField) => intl.formatMessage(importFieldMessages[field]);

  const reset = () => {
    setParsed(null);
    setParseError(false);
    setNotCsv(false);
    setMapping(null);
    setRows(null);
    setCellErrors(new Map());
    setError(null);
    idempotency.renew();
  };
  const close = () => {
    reset();
    onClose();
  };

  const readFile = async (file: File | null) => {
    reset();
    if (!file) return;
    // Not text at all (a photo, a PDF, a workbook): refused before any mapping (issue 18).
    const sniffed = sniffCsv(new Uint8Array(await file.arrayBuffer()));
    if (!('text' in sniffed)) {
      setNotCsv(true);
      return;
    }
    const result = Papa.parse<Record<string, string | undefined>>(sniffed.text, { header: true, skipEmptyLines: 'greedy' });
    const columns = (result.meta.fields ?? []).filter((column) => column.trim() !== '');
    if (columns.length === 0 || result.data.length === 0) {
      setParseError(true);
      return;
    }
    setParsed({ fileName: file.name, columns, data: result.data });
    setMapping(guessMapping(columns));
  };

  const currentRows: KeyedRow[] = rows ?? (parsed && mapping ? mapRows(parsed.data, mapping).map((row, key) => ({ key, row })) : []);
  const tooMany = currentRows.length > MAX_IMPORT_ROWS;
  const tooLarge = !tooMany && currentRows.length > 0 && importBodyBytes(currentRows.map((item) => item.row)) > MAX_IMPORT_BYTES;
  const noName = mapping !== null && !mapping.name;

  const submit = async () => {
    setError(null);
    const sending = currentRows;
    setRows(sending);
    try {
      const result = await importRows.mutateAsync({
        path: { tenantId: tenant.id },
        body: { rows: sending.map((item) => item.row) },
        headers: { 'Idempotency-Key': idempotency.key() },
      });
      idempotency.renew();
      await queryClient.invalidateQueries({ queryKey: listCustomersQueryKey({ path: { tenantId: tenant.id } }) });
      if (result.createdTags.length > 0) await queryClient.invalidateQueries({ queryKey: listCustomerTagsQueryKey({ path: { tenantId: tenant.id } }) });
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'customers.import.done.title', defaultMessage: 'Customers imported' }),
        message: intl.formatMessage(
          { id: 'customers.import.done.message', defaultMessage: '{count, plural, one {# customer was} other {# customers were}} added.' },
          { count: result.imported },
        ),
      });
      close();
    } catch (failure) {
      const problem = asProblem(failure);
      if (problem?.status === 422 && problem.code === 'import_invalid') {
        // A new request body: the next attempt is another request, with another key.
        idempotency.renew();
        const errors: CellErrors = new Map();
        for (const { path, code } of problemFieldErrors(failure)) {
          const [, index, field] = path.split('.');
          const item = sending[Number(index)];
          if (!item || !IMPORT_FIELDS.includes(field as ImportField)) continue;
          errors.set(item.key, [...(errors.get(item.key) ?? []), { field: field as ImportField, code }]);
        }
        setCellErrors(errors);
      } else setError(failure);
    }
  };

  const editCell = (key: number, field: ImportField, value: string) => {
    setRows((current) => (current ?? []).map((item) => (item.key === key ? { key, row: { ...item.row, [field]: value } } : item)));
    setCellErrors((current) => {
      const next = new Map(current);
      const remaining = (next.get(key) ?? []).map((cell) => (cell.field === field ? { ...cell, code: 'edited' } : cell));
      next.set(key, remaining);
      return next;
    });
  };
  const dropRows = (keys: number[]) => {
    setRows((current) => (current ?? []).filter((item) => !keys.includes(item.key)));
    setCellErrors((current) => {
      const next = new Map(current);
      for (const key of keys) next.delete(key);
      return next;
    });
  };

  const rowsWithErrors = [...cellErrors.keys()];
  const preview = currentRows.slice(0, 5);
  const mappedFields = IMPORT_FIELDS.filter((field) => mapping?.[field]);

  return (
    <Modal opened={opened} onClose={close} size="xl" title={intl.formatMessage({ id: 'customers.import.title', defaultMessage: 'Import customers from a CSV file' })}>
      <Stack gap="md">
        <FileInput
          label={intl.formatMessage({ id: 'customers.import.file', defaultMessage: 'CSV file' })}
          description={intl.formatMessage({
            id: 'customers.import.file.description',
            defaultMessage: 'The first line must name the columns. Up to {max, number} customers per file.',
          }, { max: MAX_IMPORT_ROWS })}
          accept=".csv,text/csv"
          leftSection={<IconUpload size={16} aria-hidden />}
          clearable
          onChange={(file) => void readFile(file)}
        />
        {notCsv ? (
          <Alert color="red" variant="light" role="alert" data-testid="import-not-csv">
            <FormattedMessage
              id="customers.import.notCsv"
              defaultMessage="This is not a CSV file. Choose a text file whose first line names the columns (in a spreadsheet: File → Save as → CSV)."
            />
          </Alert>
        ) : null}
        {parseError ? (
          <Alert color="red" variant="light" role="alert">
            <FormattedMessage id="customers.import.parseError" defaultMessage="This file has no rows we can read. Save it as CSV with a header line and try again." />
          </Alert>
        ) : null}

        {parsed && mapping ? (
          <>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text fw={600}>
                  <FormattedMessage id="customers.import.mapping" defaultMessage="Which column holds what?" />
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {IMPORT_FIELDS.map((field) => (
                    <Select
                      key={field}
                      label={fieldLabel(field)}
                      required={field === 'name'}
                      placeholder={intl.formatMessage({ id: 'customers.import.notImported', defaultMessage: 'Not imported' })}
                      clearable
                      disabled={rows !== null}
                      data={parsed.columns}
                      value={mapping[field]}
                      onChange={(value) => setMapping({ ...mapping, [field]: value })}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Card>

            {rows === null ? (
              <Stack gap="xs">
                <Text fw={600}>
                  <FormattedMessage
                    id="customers.import.preview"
                    defaultMessage="Preview: the first {shown} of {count, plural, one {# row} other {# rows}}"
                    values={{ shown: preview.length, count: currentRows.length }}
                  />
                </Text>
                <ScrollArea>
                  <Table withTableBorder striped>
                    <Table.Thead>
                      <Table.Tr>
                        {mappedFields.map((field) => (
                          <Table.Th key={field}>{fieldLabel(field)}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.map(({ key, row }) => (
                        <Table.Tr key={key}>
                          {mappedFields.map((field) => (
                            <Table.Td key={field}>{row[field]}</Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              </Stack>
            ) : null}
          </>
        ) : null}

        {rowsWithErrors.length > 0 && rows ? (
          <Stack gap="sm" data-testid="import-errors">
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between" align="center">
                <Text size="sm">
                  <FormattedMessage
                    id="customers.import.errors"
                    defaultMessage="{count, plural, one {# row has} other {# rows have}} errors, so nothing was imported. Fix them or leave those rows out, then import again."
                    values={{ count: rowsWithErrors.length }}
                  />
                </Text>
                <Button size="xs" color="red" variant="white" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => dropRows(rowsWithErrors)}>
                  <FormattedMessage id="customers.import.dropAll" defaultMessage="Leave out the rows with errors" />
                </Button>
              </Group>
            </Alert>
            {rows
              .filter((item) => cellErrors.has(item.key))
              .map((item) => (
                <Card key={item.key} withBorder radius="md" padding="sm" data-testid={`import-error-row-${item.key + 2}`}>
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        <FormattedMessage
                          id="customers.import.row"
                          defaultMessage="Line {line}: {name}"
                          values={{ line: item.key + 2, name: [item.row.name, item.row.lastName].filter(Boolean).join(' ') || '—' }}
                        />
                      </Text>
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => dropRows([item.key])}>
                        <FormattedMessage id="customers.import.drop" defaultMessage="Leave out" />
                      </Button>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                      {(cellErrors.get(item.key) ?? []).map(({ field, code }) => (
                        <TextInput
                          key={field}
                          label={fieldLabel(field)}
                          value={item.row[field] ?? ''}
                          onChange={(event) => editCell(item.key, field, event.currentTarget.value)}
                          error={
                            code === 'edited'
                              ? undefined
                              : intl.formatMessage(importErrorMessages[code as keyof typeof importErrorMessages] ?? importErrorMessages.invalid)
                          }
                        />
                      ))}
                    </SimpleGrid>
                  </Stack>
                </Card>
              ))}
          </Stack>
        ) : null}

        {tooMany ? (
          <Alert color="orange" variant="light" role="alert">
            <FormattedMessage
              id="customers.import.tooMany"
              defaultMessage="At most {max, number} customers per import: split the file and import each part."
              values={{ max: MAX_IMPORT_ROWS }}
            />
          </Alert>
        ) : null}
        {tooLarge ? (
          <Alert color="orange" variant="light" role="alert">
            <FormattedMessage
              id="customers.import.tooLarge"
              defaultMessage="This file holds too much text for one import (more than 4 MB): split it and import each part."
            />
          </Alert>
        ) : null}
        {noName ? (
          <Text size="sm" c="red" role="alert">
            <FormattedMessage id="customers.import.nameRequired" defaultMessage="Choose the column with the customers’ names." />
          </Text>
        ) : null}
        {asProblem(error)?.code === 'too_many_tags' ? (
          <Alert color="red" role="alert">
            <FormattedMessage
              id="customers.import.tooManyTags"
              defaultMessage="Importing these rows would take the business past {max} tags, the most it can have. Delete tags you no longer use, or map fewer new tags."
              values={{ max: MAX_CUSTOMER_TAGS }}
            />
          </Alert>
        ) : (
          <ApiErrorAlert error={error} />
        )}

        <Group justify="space-between">
          {parsed ? (
            <Badge variant="light" color="gray">
              {parsed.fileName}
            </Badge>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="customers.import.cancel" defaultMessage="Cancel" />
            </Button>
            <Button
              leftSection={<IconFileImport size={16} aria-hidden />}
              disabled={!parsed || currentRows.length === 0 || tooMany || tooLarge || noName}
              loading={importRows.isPending}
              onClick={() => void submit()}
            >
              <FormattedMessage
                id="customers.import.submit"
                defaultMessage="Import {count, plural, one {# customer} other {# customers}}"
                values={{ count: currentRows.length }}
              />
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
