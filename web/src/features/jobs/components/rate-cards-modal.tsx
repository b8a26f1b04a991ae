import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { jobToasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { RecordPicker, type PickerOption } from '@/ui/record-picker';
import { RowDeleteButton } from '@/ui/row-delete-button';
import { searchUsers } from '@/lib/pickers';
import { useCreateRateCard } from '../api/create-rate-card';
import { useDeleteRateCard } from '../api/delete-rate-card';
import { rateCardsQuery } from '../api/get-rate-cards';
import { formatRate } from '@/lib/format';
import { sellRateLabel, type Currency, type Period } from '@/lib/rates';
import { CurrencySelect, PeriodSelect } from '@/ui/rate-selects';
import { messages } from '../rules';

/** 'Customise Rate Cards' of one saved placement template. */
export function RateCardsModal({
  placementTemplateId,
  admin,
  opened,
  onClose,
}: {
  placementTemplateId: number;
  admin: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const cards = useQuery({ ...rateCardsQuery(placementTemplateId), enabled: opened });
  const createRateCard = useCreateRateCard();
  const deleteRateCard = useDeleteRateCard();
  const [user, setUser] = useState<PickerOption | null>(null);
  const [rate, setRate] = useState<number | string>(0);
  const [currency, setCurrency] = useState<Currency>('GBP');
  const [period, setPeriod] = useState<Period>('day');
  const label = sellRateLabel(admin);

  const add = async () => {
    if (!user) return;
    try {
      await createRateCard.mutateAsync({
        placementTemplateId,
        userId: Number(user.value),
        sellRate: { rate: Number(rate) || 0, currency, period },
      });
      notify(jobToasts.rateCardSaved);
      setUser(null);
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Customise Rate Cards" size="lg">
      <Stack gap="sm">
        {cards.isPending && <Loader size="sm" aria-label="Loading rate cards" />}
        {cards.isError && <Alert color="red">The rate cards could not be loaded.</Alert>}
        {cards.data && cards.data.length === 0 && <Text size="sm">{messages.noRateCards}</Text>}
        {cards.data && cards.data.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Contractor</Table.Th>
                {admin && <Table.Th>Buy Rate</Table.Th>}
                <Table.Th>{label}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cards.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.user.fullName}</Table.Td>
                  {admin && <Table.Td>{formatRate(c.buyRate)}</Table.Td>}
                  <Table.Td>{formatRate(c.sellRate)}</Table.Td>
                  <Table.Td>
                    <RowDeleteButton
                      label={`Delete rate card of ${c.user.fullName}`}
                      onClick={() =>
                        deleteRateCard
                          .mutateAsync(c.id)
                          .then(() => notify(jobToasts.rateCardDeleted), notifyError)
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="end" wrap="wrap">
          <RecordPicker
            kind="user"
            label="Contractor"
            search={searchUsers}
            value={user?.value ?? null}
            onChange={(_v, o) => setUser(o ? { value: o.value, label: o.label } : null)}
            w={{ base: '100%', sm: 220 }}
          />
          <NumberInput
            label={label}
            min={0}
            decimalScale={2}
            value={rate}
            onChange={setRate}
            w={120}
          />
          <CurrencySelect
            value={currency}
            onChange={(v) => v && setCurrency(v as Currency)}
            w={100}
          />
          <PeriodSelect value={period} onChange={(v) => v && setPeriod(v as Period)} w={110} />
          <Button onClick={add} disabled={!user} loading={createRateCard.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
