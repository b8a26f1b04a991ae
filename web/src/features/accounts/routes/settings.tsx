import { Stack } from '@mantine/core';
import { PageHeader } from '@/ui/page-header';
import { PasskeysSection } from '../components/passkeys-section';

/** /settings: the signed-in user's own sign-in settings. */
export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" />
      <Stack gap="md">
        <PasskeysSection />
      </Stack>
    </>
  );
}

export { SettingsRoute as Component };
