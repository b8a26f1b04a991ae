import { Checkbox, Stack } from '@mantine/core';
import type { FlagInfo } from '../rules';

interface Props<K extends string> {
  flags: FlagInfo<K>[];
  values: Record<K, boolean>;
  onChange: (values: Record<K, boolean>) => void;
  disabled?: boolean;
  legend?: string;
}

/** A labelled group of checkboxes, one per right, each with its meaning. */
export function FlagCheckboxes<K extends string>({
  flags,
  values,
  onChange,
  disabled,
  legend = 'Rights',
}: Props<K>) {
  return (
    <Checkbox.Group
      label={legend}
      value={flags.filter((f) => values[f.key]).map((f) => f.key)}
      onChange={(on) => {
        const next = { ...values };
        for (const f of flags) next[f.key] = on.includes(f.key);
        onChange(next);
      }}
    >
      <Stack gap={6} mt={4}>
        {flags.map((f) => (
          <Checkbox
            key={f.key}
            value={f.key}
            label={f.label}
            description={f.help}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
