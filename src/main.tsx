import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '~/app/app';
import { applyStoredAppVersion, reloadOnChunkLoadError } from '~/app/version';
import { configureApi } from '~/lib/api';

applyStoredAppVersion();
reloadOnChunkLoadError();
configureApi();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
