import { NumberInput, TextInput } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';

/** The props a controlled form gives one input (value, onChange, error, disabled). */
export type FieldProps = Record<string, unknown>;

/**
 * `field(name)`: the props of one input of an organisation's controlled form (its value, change
 * and error), disabled with the whole form for a viewer who may not edit.
 */
export function bindFields<V>(
  form: Pick<UseFormReturnType<V>, 'getInputProps'>,
  disabled: boolean | undefined,
) {
  return (name: LooseKeys<V>) => ({ disabled, ...form.getInputProps(name) });
}

/** The cancel window of an entity or a department: whole days, zero or more. */
export function CancelWindowInput(props: FieldProps) {
  return (
    <NumberInput
      label="Cancel window (days)"
      min={0}
      allowDecimal={false}
      allowNegative={false}
      {...props}
    />
  );
}

export type AddressLine = 'address1' | 'address2' | 'address3' | 'address4';

const ADDRESS_LINES: [AddressLine, string][] = [
  ['address1', 'Street'],
  ['address2', 'Town or city'],
  ['address3', 'State, county or region'],
  ['address4', 'Postcode'],
];

/** The four address lines of a department or a legal entity, each bound by `field`. */
export function AddressFields({ field }: { field: (line: AddressLine) => FieldProps }) {
  return ADDRESS_LINES.map(([line, label]) => (
    <TextInput key={line} label={label} {...field(line)} />
  ));
}
