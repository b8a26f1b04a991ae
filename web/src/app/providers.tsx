import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import 'dayjs/locale/en-gb';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('en-gb');

// The toasts' container and the confirmation dialogs' host (modals.openConfirmModal) are no part
// of the first screen: their code loads once the page has loaded, not in the entry script. Both
// read stores that work without them (a toast shown before its container arrives appears with it).
const ToastLayer = lazy(() => import('./toast-layer').then((m) => ({ default: m.ToastLayer })));
const ModalsHost = lazy(() =>
  import('@mantine/modals').then((m) => ({ default: () => <m.ModalsProvider /> })),
);

/** Whether the page has loaded (the window's load event has fired). */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    // The load event may have fired between the first render and this effect.
    if (document.readyState === 'complete') return onLoad();
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

/** All providers, in one place: Mantine → query client, with the toasts and dialogs hosts. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const loaded = usePageLoaded();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          {loaded && (
            <Suspense fallback={null}>
              <ToastLayer />
              <ModalsHost />
            </Suspense>
          )}
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
