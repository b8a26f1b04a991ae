import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify, notifyError, refusedSubmit, withServerErrors } from '@/lib/notify';
import { LocationSelect } from '@/features/places';
import { DEFAULT_COUNTRY, countryOptions, firstTimezoneOf } from '@/lib/countries';
import { CountryTimezoneSelects } from '@/ui/country-timezone-selects';
import { FormActions } from '@/ui/form-actions';
import { TwoColumnFieldset } from '@/ui/two-column-fieldset';
import { AddressFields, bindFields } from '@/features/organisations/shared/components/form-fields';
import {
  GENDERS,
  LEGAL_ENTITY_STATUSES,
  LEGAL_ENTITY_TYPES,
  OPERATING_MODELS,
  VAT_MAX,
  VAT_MIN,
  VAT_NUMBER_MAX,
  VAT_STEP,
  addressFromPlace,
  emptyLegalEntity,
  fieldsForType,
  isSoleTrader,
  legalEntityValidation,
  legalFormLabels,
  statusLabel,
  vatFieldsEnabled,
  bankFieldsFromCheck,
  type IbanCheck,
  type LegalEntityFormValues,
} from '../rules';
import { CompanyDetailsDialog, type CompanyLookup } from './company-details-dialog';

const countryCodes = () => countryOptions().map((c) => c.value);

interface Props {
  initialValues?: Partial<LegalEntityFormValues>;
  /** Editing an existing legal entity: the business type is locked. */
  existing?: boolean;
  /** Administrators set the validation status. */
  canSetStatus?: boolean;
  submitLabel: string;
  onSubmit: (values: LegalEntityFormValues) => Promise<unknown>;
  checkIban: (iban: string) => Promise<IbanCheck>;
  checkCompany: (companyNumber: string) => Promise<CompanyLookup>;
  disabled?: boolean;
}

const NOT_VALIDATED_NOTE =
  "Any change of details sends the legal entity back to 'not validated (awaiting approval by an administrator)'.";

/** A legal entity: business type, the sole-trader or company details, VAT, address, bank, status. */
export function LegalEntityForm({
  initialValues,
  existing = false,
  canSetStatus = false,
  submitLabel,
  onSubmit,
  checkIban,
  checkCompany,
  disabled = false,
}: Props) {
  const form = useForm<LegalEntityFormValues>({
    initialValues: { ...emptyLegalEntity, ...initialValues },
    validate: legalEntityValidation,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const [ibanValid, setIbanValid] = useState<boolean | null>(null);
  const [checking, setChecking] = useState(false);
  const [company, setCompany] = useState<CompanyLookup | null>(null);
  const [companyOpen, setCompanyOpen] = useState(false);

  const typeFields = fieldsForType(values.type);
  const sole = isSoleTrader(values.type);
  const vat = vatFieldsEnabled(values);
  const locked = existing && !!initialValues?.type;

  async function runChecks() {
    const iban = values.iban.replace(/\s+/g, '');
    const number = values.companyNumber.trim();
    const wantCompany = !!values.type && !sole && !!number;
    if (!iban && !wantCompany) {
      form.setErrors({
        ...(iban ? {} : { iban: 'Enter an IBAN to check' }),
        ...(sole || !values.type ? {} : { companyNumber: 'Enter a company number to check' }),
      });
      return;
    }
    setChecking(true);
    const [ibanResult, companyResult] = await Promise.allSettled([
      iban ? checkIban(iban) : Promise.resolve(null),
      wantCompany ? checkCompany(number) : Promise.resolve(null),
    ]);
    setChecking(false);
    if (iban) {
      const answer = ibanResult.status === 'fulfilled' ? ibanResult.value : null;
      form.setValues(bankFieldsFromCheck(answer));
      if (answer?.isValid) {
        setIbanValid(true);
      } else {
        setIbanValid(false);
        if (ibanResult.status === 'rejected') notifyError(ibanResult.reason);
        else notify(toasts.ibanInvalid);
      }
    }
    if (wantCompany) {
      if (companyResult.status === 'fulfilled' && companyResult.value) {
        setCompany(companyResult.value);
        setCompanyOpen(true);
      } else {
        notify(toasts.companyCheckFailed);
      }
    }
  }

  function insertCompany(c: CompanyLookup) {
    const a = c.registeredOfficeAddress ?? {};
    form.setValues({
      companyName: c.companyName ?? values.companyName,
      companyNumber: c.companyNumber ?? values.companyNumber,
      address1: [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
      address2: a.locality ?? '',
      address3: a.region ?? '',
      address4: a.postalCode ?? '',
      // Companies House gives a country name, not a code: inserted details default to GB.
      country: DEFAULT_COUNTRY,
      timezone: firstTimezoneOf(DEFAULT_COUNTRY),
    });
    setCompanyOpen(false);
  }

  // A controlled form: inputs need no key.
  const field = bindFields(form, disabled);

  return (
    <form
      noValidate
      aria-label="Legal entity details"
      onSubmit={form.onSubmit(withServerErrors(form, onSubmit), refusedSubmit)}
    >
      <Stack gap="md">
        <Select
          label="Business type"
          required
          data={LEGAL_ENTITY_TYPES.map((t) => ({ value: t, label: legalFormLabels[t] ?? t }))}
          allowDeselect={false}
          description={locked ? 'The business type cannot change once set.' : undefined}
          {...field('type')}
          disabled={disabled || locked}
        />

        {typeFields.length > 0 && (
          <TwoColumnFieldset legend={sole ? 'Sole trader' : 'Company'}>
            {sole ? (
              <>
                <TextInput label="NI number" {...field('niNumber')} />
                <Select label="Gender" data={GENDERS} clearable {...field('gender')} />
                <TextInput label="Trading name" description="Optional" {...field('tradingName')} />
              </>
            ) : (
              <>
                <TextInput label="Company name" {...field('companyName')} />
                <TextInput label="Company number" {...field('companyNumber')} />
                <Select
                  label="Operating model"
                  data={OPERATING_MODELS}
                  allowDeselect={false}
                  {...field('operatingModel')}
                />
              </>
            )}
          </TwoColumnFieldset>
        )}

        <Fieldset legend="VAT">
          <Stack gap="sm">
            <Checkbox
              label="VAT registered"
              {...form.getInputProps('vatRegistered', { type: 'checkbox' })}
              disabled={disabled}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="VAT number"
                required={vat}
                maxLength={VAT_NUMBER_MAX}
                {...field('vatNumber')}
                disabled={disabled || !vat}
              />
              <NumberInput
                label="VAT %"
                description={`${VAT_MIN} to ${VAT_MAX}, in steps of ${VAT_STEP}`}
                required={vat}
                min={VAT_MIN}
                max={VAT_MAX}
                step={VAT_STEP}
                decimalScale={2}
                clampBehavior="strict"
                {...field('vatPct')}
                disabled={disabled || !vat}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <TwoColumnFieldset legend="Address and contact">
          <LocationSelect
            label="Location"
            description="Where the business is based, for searches by distance"
            disabled={disabled}
            value={{
              location_name: values.locationName,
              latitude: values.latitude,
              longitude: values.longitude,
            }}
            error={form.errors.location}
            onChange={(l, place) =>
              form.setValues({
                locationName: l?.location_name ?? '',
                latitude: l?.latitude ?? null,
                longitude: l?.longitude ?? null,
                ...(place ? addressFromPlace(values, place, countryCodes()) : {}),
              })
            }
          />
          <AddressFields field={field} />
          <TextInput label="Email" type="email" {...field('email')} />
          <TextInput label="Phone" type="tel" {...field('phone')} />
          <CountryTimezoneSelects form={form} required disabled={disabled} />
        </TwoColumnFieldset>

        <Fieldset legend="Bank details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="IBAN"
              {...field('iban')}
              onChange={(e) => {
                form.setFieldValue('iban', e.currentTarget.value);
                setIbanValid(null);
              }}
            />
            <TextInput label="Sort code" {...field('sortCode')} />
            <TextInput label="Account number" {...field('accountNumber')} />
            <TextInput label="Bank name" {...field('bankName')} />
            <TextInput label="Bank country code" {...field('bankCountryCode')} />
            <TextInput label="Branch code" {...field('branchCode')} />
          </SimpleGrid>
          <Group mt="sm" gap="sm">
            {!disabled && (
              <Button variant="light" onClick={() => void runChecks()} loading={checking}>
                Check
              </Button>
            )}
            <div role="status" aria-live="polite">
              {ibanValid !== null && (
                <Badge color={ibanValid ? 'teal.9' : 'red.9'} size="lg">
                  {ibanValid ? 'IBAN valid' : 'IBAN invalid'}
                </Badge>
              )}
            </div>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Check runs the company number and IBAN checks together.
          </Text>
        </Fieldset>

        <Fieldset legend="Validation">
          <Stack gap="xs">
            {canSetStatus ? (
              <Select
                label="Status"
                data={LEGAL_ENTITY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                allowDeselect={false}
                {...field('status')}
              />
            ) : (
              <Text size="sm">Status: {statusLabel(values.status)}</Text>
            )}
            <Alert color="blue" variant="light">
              {NOT_VALIDATED_NOTE}
            </Alert>
          </Stack>
        </Fieldset>

        {!disabled && <FormActions submitting={form.submitting}>{submitLabel}</FormActions>}
      </Stack>
      <CompanyDetailsDialog
        result={company}
        opened={companyOpen}
        onClose={() => setCompanyOpen(false)}
        onInsert={insertCompany}
      />
    </form>
  );
}
