import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';

/** The company lookup fields the dialog shows (spec §3 company lookup result). */
export interface CompanyLookup {
  companyName?: string;
  companyNumber?: string;
  companyStatus?: string;
  type?: string;
  registeredOfficeAddress?: {
    addressLine1?: string;
    addressLine2?: string;
    poBox?: string;
    locality?: string;
    region?: string;
    country?: string;
    postalCode?: string;
    careOf?: string;
  };
  sicCodes?: string[] | null;
  dateOfCreation?: string;
  hasCharges?: boolean;
  isValid?: boolean;
  /** Set when the lookup is not configured (the server then only checked the number's format). */
  message?: string;
}

/** Inserting details is allowed only for an active company (spec §4). */
export function canInsertCompany(result: CompanyLookup | null | undefined): boolean {
  return result?.companyStatus === 'active';
}

function addressText(a: CompanyLookup['registeredOfficeAddress']): string {
  if (!a) return '';
  return [
    a.careOf,
    a.poBox,
    a.addressLine1,
    a.addressLine2,
    a.locality,
    a.region,
    a.postalCode,
    a.country,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Shows a company lookup; 'Insert details' copies it into the form when the company is active. */
export function CompanyDetailsDialog({
  result,
  opened,
  onClose,
  onInsert,
}: {
  result: CompanyLookup | null;
  opened: boolean;
  onClose: () => void;
  onInsert: (result: CompanyLookup) => void;
}) {
  const found = !!result?.companyName;
  const rows: [string, string][] = result
    ? [
        ['Company name', result.companyName ?? ''],
        ['Company number', result.companyNumber ?? ''],
        ['Status', result.companyStatus ?? ''],
        ['Type', result.type ?? ''],
        ['Registered office', addressText(result.registeredOfficeAddress)],
        ['SIC codes', (result.sicCodes ?? []).join(', ')],
        ['Incorporated', result.dateOfCreation ?? ''],
        ['Has charges', result.hasCharges ? 'Yes' : 'No'],
      ]
    : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Company details"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close company details' }}
    >
      <Stack gap="sm">
        {result?.message && (
          <Alert color="blue" title="Company lookup">
            {result.message}
          </Alert>
        )}
        {result && (
          <Group gap="xs">
            <Text size="sm">Company number format:</Text>
            <Badge color={result.isValid ? 'teal.9' : 'red.9'}>
              {result.isValid ? 'valid' : 'invalid'}
            </Badge>
          </Group>
        )}
        {found && (
          <Table>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row">{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {found && !canInsertCompany(result) && (
          <Text size="sm" c="dimmed">
            Details can be inserted only for an active company.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {found && (
            <Button disabled={!canInsertCompany(result)} onClick={() => result && onInsert(result)}>
              Insert details
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
