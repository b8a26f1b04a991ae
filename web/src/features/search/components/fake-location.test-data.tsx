import { TextInput } from '@mantine/core';
import type { LocationField } from './advanced-search-modal';

/** A stand-in for the shared place picker: typing a name picks Salford's coordinates. */
export const FakeLocation: LocationField = ({ value, onChange }) => (
  <TextInput
    label="Location"
    value={value?.location_name ?? ''}
    onChange={(e) =>
      onChange(
        e.currentTarget.value
          ? { location_name: e.currentTarget.value, latitude: 53.48, longitude: -2.29 }
          : null,
      )
    }
  />
);
