import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import 'dayjs/locale/en-gb';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { ToastLayer } from './toast-layer';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('en-gb');

/** All providers, in one place: Mantine → modals → query client → notifications. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
        <ModalsProvider>
          <QueryClientProvider client={client}>
            <ToastLayer />
            {children}
          </QueryClientProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
