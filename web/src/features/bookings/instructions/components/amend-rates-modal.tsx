import { formatRate } from '@/lib/format';
import { Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { CurrencySelect, PeriodSelect } from '@/ui/rate-selects';
import type { Rate } from '@/features/bookings/booking/rules';
import { useAmendRates } from '../api/amend-rates';
import { parseRate, rateChange } from '../rules';
import { DialogActions } from '@/ui/dialog-actions';

/** What the modal reads of each selected instruction. */
export interface RateInstruction {
  id: number;
  user?: { fullName?: string } | null;
  sellRate?: Rate | null;
  buyRate?: Rate | null;
}

interface Props {
  instructions: RateInstruction[];
  admin: boolean;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  sell: string;
  buy: string;
  currency: Rate['currency'];
  period: Rate['period'];
}

const invalidRate = (v: string) => {
  const n = parseRate(v);
  return n === null || n < 0 ? 'Enter a rate' : null;
};

/**
 * Amend Rates (spec part 2 §5): the sell rate (labelled 'Chargeable Rate' for non-admins) and,
 * for admins only, the buy rate; each selected instruction shows the change as a percentage.
 */
export function AmendRatesModal({ instructions, admin, opened, onClose, onDone }: Props) {
  const first = instructions[0];
  const amend = useAmendRates();
  const initialBuy = first?.buyRate ? String(first.buyRate.rate) : '';
  // The buy rate is sent only when an admin changed it.
  const buyChanged = (v: Values) => admin && v.buy !== initialBuy;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      sell: first?.sellRate ? String(first.sellRate.rate) : '',
      buy: initialBuy,
      currency: first?.sellRate?.currency ?? 'GBP',
      period: first?.sellRate?.period ?? 'day',
    },
    validate: {
      sell: invalidRate,
      buy: (v, values) => (buyChanged(values) ? invalidRate(v) : null),
    },
  });
  const sellLabel = admin ? 'Sell Rate' : 'Chargeable Rate';

  const submit = (v: Values) => {
    const rate = (text: string): Rate => ({
      rate: parseRate(text) ?? 0,
      currency: v.currency,
      period: v.period,
    });
    amend.mutate(
      {
        ids: instructions.map((i) => i.id),
        sellRate: rate(v.sell),
        buyRate: buyChanged(v) ? rate(v.buy) : undefined,
      },
      {
        onSuccess: () => {
          notify(toasts.ratesAmended);
          onClose();
          onDone();
        },
        onError: notifyRefusal,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Amend Rates" size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={sellLabel}
              inputMode="decimal"
              required
              {...form.getInputProps('sell')}
            />
            {admin && (
              <TextInput label="Buy Rate" inputMode="decimal" {...form.getInputProps('buy')} />
            )}
          </Group>
          <Group grow wrap="wrap">
            <CurrencySelect {...form.getInputProps('currency')} />
            <PeriodSelect {...form.getInputProps('period')} />
          </Group>
          <ScrollArea.Autosize mah={260} type="auto">
            <Table verticalSpacing={4} aria-label="Rate changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Freelancer</Table.Th>
                  <Table.Th>{sellLabel}</Table.Th>
                  {admin && <Table.Th>Buy Rate</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {instructions.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{i.user?.fullName ?? `Instruction ${i.id}`}</Table.Td>
                    <Table.Td>
                      <Change current={i.sellRate} next={form.values.sell} />
                    </Table.Td>
                    {admin && (
                      <Table.Td>
                        <Change current={i.buyRate} next={form.values.buy} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <DialogActions onBack={onClose} backLabel="Cancel" loading={amend.isPending}>
            Save rates
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

function Change({ current, next }: { current?: Rate | null; next: string }) {
  const change = rateChange(current?.rate, next);
  return (
    <Text size="sm">
      {formatRate(current)}{' '}
      <Text span c={change === 'ERROR' ? 'red' : 'dimmed'} size="sm">
        ({change})
      </Text>
    </Text>
  );
}
