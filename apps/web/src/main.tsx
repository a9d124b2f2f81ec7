// First: zod's configuration must be in place before any module that imports zod runs.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import './app/site.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './lib/pictures';
import { Providers } from './app/providers';
import { router } from './app/router';

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser breathe in between, instead of one long task a slow phone waits on (docs/accessibility.md,
// "Phones").
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
