import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { trpc, createTrpcClient } from '../lib/trpc';
import { createQueryClient } from '../lib/query-client';
import { seedEmbeddedSession } from '../lib/embedded-session';
import { Toaster } from '../lib/toast';
import { CartProvider } from '../features/cart';
import { LowStockAlerts, LiveOrderUpdates } from '../features/notifications';
import { ShopCurrency } from '../features/settings';
import { cssVariablesResolver, theme } from '../theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => seedEmbeddedSession(createQueryClient()));
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {/* Toasts and their F8 hotkey (docs/product.md §9): configured in lib/toast.tsx. */}
          <Toaster />
          <LowStockAlerts />
          <LiveOrderUpdates />
          <CartProvider>
            <ShopCurrency>{children}</ShopCurrency>
          </CartProvider>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
