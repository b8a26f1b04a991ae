import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startFirstReads } from '@/app/first-reads';
import { createQueryClient } from '@/app/query-client';
import { startOfflineSupport } from '@/lib/offline';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The first reads go out before React renders (app/first-reads.ts).
const queryClient = createQueryClient();
startFirstReads(queryClient);

startOfflineSupport();

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
