import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { loadInitialLanguage } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

async function start(root: HTMLElement) {
  await loadInitialLanguage();
  const queryClient = createQueryClient();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start(container);
