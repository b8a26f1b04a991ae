import { Center, Loader, Stack, Text } from '@mantine/core';

/** A whole-page notice, with a spinner while something loads. */
export function FullPageMessage({
  message,
  loading = true,
}: {
  message: string;
  loading?: boolean;
}) {
  return (
    <main>
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          {loading && <Loader aria-hidden="true" />}
          <Text size="lg">{message}</Text>
        </Stack>
      </Center>
    </main>
  );
}
