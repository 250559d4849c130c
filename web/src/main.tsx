import '@mantine/core/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { ApiError } from './api/api-error';
import { App } from './App';

const queryClient = new QueryClient({
  defaultOptions: {
    // An error of the API envelope is an answer, not a glitch: show it at once instead of asking again.
    queries: { retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 2, refetchOnWindowFocus: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
