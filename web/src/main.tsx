import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startOfflineSupport } from '@/lib/offline';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

startOfflineSupport();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
