import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BaseProviders } from './base-providers';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme, notifications, server state and translations, for the console and for tests. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <BaseProviders>
      <ConsoleProviders queryClient={queryClient}>{children}</ConsoleProviders>
    </BaseProviders>
  );
}

/** What the console adds to the base providers: notifications and server state. */
export function ConsoleProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <>
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </>
  );
}
