import { Anchor, Button, Group, List, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** When the terms and the privacy policy last changed (both together). */
const LAST_UPDATED = 'February 2024';

function LegalModal({
  opened,
  onClose,
  title,
  children,
}: Props & { title: string; children: React.ReactNode }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Last updated {LAST_UPDATED}
        </Text>
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function TermsModal(props: Props) {
  return (
    <LegalModal {...props} title="Terms and Conditions">
      <Title order={3} size="h5">
        The service
      </Title>
      <Text size="sm">
        Hive is a platform on which customers (clients, agencies and suppliers) find and book
        freelancers and staff. Hive is not a recruitment agency and not a temporary-work agency: it
        does not employ, supply or place anyone.
      </Text>
      <Title order={3} size="h5">
        Contracts
      </Title>
      <Text size="sm">
        Every service contract is made directly between the customer and the freelancer. Hive is not
        a party to it.
      </Text>
      <Title order={3} size="h5">
        Fees and payment
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Fees are as agreed separately between the customer and the freelancer.
        </List.Item>
        <List.Item>
          Unless agreed otherwise, payment is due within 30 days of the invoice.
        </List.Item>
      </List>
      <Title order={3} size="h5">
        Liability
      </Title>
      <Text size="sm">
        Hive&apos;s total liability is limited to the greater of the fees paid to Hive in the last
        six months and 500 pounds.
      </Text>
    </LegalModal>
  );
}

export function PrivacyModal(props: Props) {
  return (
    <LegalModal {...props} title="Privacy Policy">
      <Text size="sm">
        Hive keeps the personal data needed to run your account and your bookings: your name,
        contact details, profile, availability, and the records of your bookings and placements.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Your data is used to provide the service and is shared only with the organisations you
          work with on Hive.
        </List.Item>
        <List.Item>Changes to bookings and accounts are recorded for audit.</List.Item>
        <List.Item>
          You may ask to see, correct or delete your personal data by contacting support.
        </List.Item>
      </List>
    </LegalModal>
  );
}

/**
 * 'Terms and Conditions and the Privacy Policy': two links that open the documents in dialogs,
 * for the sentence of the screen that names them (sign-up, login).
 */
export function LegalLinks({ size }: { size: 'xs' | 'sm' }) {
  const [termsOpened, terms] = useDisclosure(false);
  const [privacyOpened, privacy] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size={size} onClick={terms.open}>
        Terms and Conditions
      </Anchor>{' '}
      and the{' '}
      <Anchor component="button" type="button" size={size} onClick={privacy.open}>
        Privacy Policy
      </Anchor>
      <TermsModal opened={termsOpened} onClose={terms.close} />
      <PrivacyModal opened={privacyOpened} onClose={privacy.close} />
    </>
  );
}
