import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

// The documents and their dialog load when first opened, not with the sign-in screen.
const TermsModal = lazy(() => import('./legal-modals').then((m) => ({ default: m.TermsModal })));
const PrivacyModal = lazy(() =>
  import('./legal-modals').then((m) => ({ default: m.PrivacyModal })),
);

/**
 * 'Terms and Conditions and the Privacy Policy': two links that open the documents in dialogs,
 * for the sentence of the screen that names them (sign-up, login).
 */
export function LegalLinks({ size }: { size: 'xs' | 'sm' }) {
  const [termsOpened, terms] = useDisclosure(false);
  const [privacyOpened, privacy] = useDisclosure(false);
  // Once opened, the dialogs stay mounted, so closing one plays its transition.
  const [wanted, setWanted] = useState(false);
  if ((termsOpened || privacyOpened) && !wanted) setWanted(true);
  return (
    <>
      <Anchor component="button" type="button" size={size} onClick={terms.open}>
        Terms and Conditions
      </Anchor>{' '}
      and the{' '}
      <Anchor component="button" type="button" size={size} onClick={privacy.open}>
        Privacy Policy
      </Anchor>
      {wanted && (
        <Suspense fallback={null}>
          <TermsModal opened={termsOpened} onClose={terms.close} />
          <PrivacyModal opened={privacyOpened} onClose={privacy.close} />
        </Suspense>
      )}
    </>
  );
}
