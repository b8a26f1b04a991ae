import {
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { jobToasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { CurrencySelect, PeriodSelect } from '@/ui/rate-selects';
import { TimeOfDayInput } from '@/ui/time-of-day-input';
import { useAddPlacementTemplate } from '../api/add-placement-template';
import { useDeletePlacementTemplate } from '../api/delete-placement-template';
import { useUpdatePlacementTemplate } from '../api/update-placement-template';
import type { PlacementTemplate, PlacementTemplateInput } from '../rules';
import { defaultRate, sellRateLabel, type Currency, type Period } from '@/lib/rates';
import {
  canCustomiseRates,
  messages,
  requiredTitle,
  validBreaks,
  validRate,
  validTime,
} from '../rules';
import { RateCardsModal } from './rate-cards-modal';

interface Row {
  id?: number;
  version?: number;
  title: string;
  startTime: string;
  endTime: string;
  unpaidBreaks: number;
  supplierNotes: string;
  sellRate: number;
  sellCurrency: Currency;
  sellPeriod: Period;
  buyRate: number;
  buyCurrency: Currency;
  buyPeriod: Period;
}

const rowOf = (p?: PlacementTemplate): Row => {
  const sell = p?.sellRate ?? defaultRate();
  const buy = p?.buyRate ?? defaultRate();
  return {
    id: p?.id,
    version: p?.version,
    title: p?.title ?? '',
    startTime: p?.startTime ?? '08:00',
    endTime: p?.endTime ?? '18:00',
    unpaidBreaks: p?.unpaidBreaks ?? 0,
    supplierNotes: p?.supplierNotes ?? '',
    sellRate: sell.rate,
    sellCurrency: sell.currency as Currency,
    sellPeriod: sell.period as Period,
    buyRate: buy.rate,
    buyCurrency: buy.currency as Currency,
    buyPeriod: buy.period as Period,
  };
};

/** One placement template: its fields, Save, Delete and 'Customise Contractor Rates...'. */
function PlacementRow({
  jobTemplateId,
  placement,
  admin,
  onDone,
}: {
  jobTemplateId: number;
  placement?: PlacementTemplate;
  admin: boolean;
  onDone?: () => void;
}) {
  const updatePlacement = useUpdatePlacementTemplate();
  const addPlacement = useAddPlacementTemplate();
  const deletePlacement = useDeletePlacementTemplate();
  const [ratesOpen, setRatesOpen] = useState(false);
  const [hint, setHint] = useState(false);
  const form = useForm<Row>({
    initialValues: rowOf(placement),
    validate: {
      title: requiredTitle,
      startTime: validTime,
      endTime: validTime,
      unpaidBreaks: validBreaks,
      sellRate: validRate,
      buyRate: (v) => (admin ? validRate(v) : null),
    },
  });
  const label = sellRateLabel(admin);
  const save = form.onSubmit(async (v) => {
    const body: PlacementTemplateInput = {
      title: v.title.trim(),
      startTime: v.startTime,
      endTime: v.endTime,
      unpaidBreaks: v.unpaidBreaks,
      supplierNotes: v.supplierNotes,
      sellRate: { rate: v.sellRate, currency: v.sellCurrency, period: v.sellPeriod },
      ...(admin
        ? { buyRate: { rate: v.buyRate, currency: v.buyCurrency, period: v.buyPeriod } }
        : {}),
    };
    try {
      if (v.id && v.version) {
        const saved = await updatePlacement.mutateAsync({
          id: v.id,
          body: { ...body, version: v.version },
        });
        form.setValues(rowOf(saved));
        form.resetDirty(rowOf(saved));
      } else {
        await addPlacement.mutateAsync({ jobTemplateId, body });
        onDone?.();
      }
      notify(jobToasts.placementSaved);
    } catch (e) {
      notifyError(e);
    }
  });
  const id = form.values.id;
  const name = form.values.title || 'new placement';
  return (
    <Paper withBorder p="sm" component="form" onSubmit={save} aria-label={`Placement ${name}`}>
      <Stack gap="xs">
        <Group grow wrap="wrap" align="start">
          <TextInput label="Title" withAsterisk miw={160} {...form.getInputProps('title')} />
          <TimeOfDayInput label="Start" miw={90} {...form.getInputProps('startTime')} />
          <TimeOfDayInput label="End" miw={90} {...form.getInputProps('endTime')} />
          <NumberInput
            label="Unpaid breaks (minutes)"
            min={0}
            miw={120}
            {...form.getInputProps('unpaidBreaks')}
          />
        </Group>
        <Textarea
          label="Supplier notes"
          autosize
          minRows={1}
          {...form.getInputProps('supplierNotes')}
        />
        <Group wrap="wrap" align="end">
          <NumberInput
            label={label}
            min={0}
            decimalScale={2}
            w={130}
            {...form.getInputProps('sellRate')}
          />
          <CurrencySelect
            label={`${label} currency`}
            w={110}
            {...form.getInputProps('sellCurrency')}
          />
          <PeriodSelect label={`${label} period`} w={110} {...form.getInputProps('sellPeriod')} />
          {admin && (
            <>
              <NumberInput
                label="Buy Rate"
                min={0}
                decimalScale={2}
                w={130}
                {...form.getInputProps('buyRate')}
              />
              <CurrencySelect
                label="Buy Rate currency"
                w={110}
                {...form.getInputProps('buyCurrency')}
              />
              <PeriodSelect label="Buy Rate period" w={110} {...form.getInputProps('buyPeriod')} />
            </>
          )}
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="default"
            onClick={() => (canCustomiseRates(id) ? setRatesOpen(true) : setHint(true))}
          >
            Customise Contractor Rates...
          </Button>
          <Group>
            {id ? (
              <Button
                color="red"
                variant="subtle"
                onClick={() =>
                  deletePlacement
                    .mutateAsync(id)
                    .then(() => notify(jobToasts.placementDeleted), notifyError)
                }
              >
                Delete
              </Button>
            ) : (
              onDone && (
                <Button variant="subtle" onClick={onDone}>
                  Cancel
                </Button>
              )
            )}
            <Button type="submit">Save</Button>
          </Group>
        </Group>
        {hint && !id && (
          <Text size="sm" c="orange" role="status">
            {messages.saveFirst}
          </Text>
        )}
      </Stack>
      {id && (
        <RateCardsModal
          placementTemplateId={id}
          admin={admin}
          opened={ratesOpen}
          onClose={() => setRatesOpen(false)}
        />
      )}
    </Paper>
  );
}

/** The placement templates of a job template: edit each, add new ones. */
export function PlacementTemplatesEditor({
  jobTemplateId,
  placements,
  admin,
}: {
  jobTemplateId: number;
  placements: PlacementTemplate[];
  admin: boolean;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="placement-templates">
      <Group justify="space-between">
        <Title order={2} size="h4" id="placement-templates">
          Placements
        </Title>
        <Button variant="light" onClick={() => setAdding(true)} disabled={adding}>
          Add placement
        </Button>
      </Group>
      {placements.length === 0 && !adding && <Text size="sm">There are no placements yet.</Text>}
      {placements.map((p) => (
        <PlacementRow
          key={`${p.id}-${p.version}`}
          jobTemplateId={jobTemplateId}
          placement={p}
          admin={admin}
        />
      ))}
      {adding && (
        <PlacementRow jobTemplateId={jobTemplateId} admin={admin} onDone={() => setAdding(false)} />
      )}
    </Stack>
  );
}
