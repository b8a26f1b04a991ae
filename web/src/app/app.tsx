import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { appInfoQueryOptions, whoamiQueryOptions } from '@/lib/session';
import { AppProviders } from './providers';
import { router } from './router';

/**
 * Asks who is signed in and the app's settings as the app starts, while the first screen's code
 * is still downloading: every first screen needs both, and asked by the screen they would cost
 * another round trip after its code arrived.
 */
function StartupQueries() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery({ ...whoamiQueryOptions(), retry: false });
    void queryClient.prefetchQuery(appInfoQueryOptions());
  }, [queryClient]);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <StartupQueries />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
