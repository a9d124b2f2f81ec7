// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUserDto } from '@shop/schema';
import { createQueryClient } from '../../lib/query-client';
import { readEmbeddedSession, seedEmbeddedSession } from '../../lib/embedded-session';
import { createTrpcClient, trpc } from '../../lib/trpc';
import { useAuth } from './use-auth';

const CASEY: CurrentUserDto = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'customer@example.com',
  firstName: 'Casey',
  lastName: '</script>',
  phone: null,
  role: 'customer',
  profileImageUrl: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** A page as the api writes it (apps/api/src/http/spa.ts), `<` escaped inside the JSON. */
function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-session';
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}
const asTheApiWritesIt = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function Who() {
  const { user, isLoading } = useAuth();
  return <p>{isLoading ? 'asking' : (user?.email ?? 'visitor')}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the session a page arrives with', () => {
  it('reads the user, a visitor, or nothing', () => {
    expect(readEmbeddedSession(pageWith(asTheApiWritesIt({ user: CASEY })))).toEqual(CASEY);
    expect(readEmbeddedSession(pageWith(asTheApiWritesIt({ user: null })))).toBeNull();
    expect(readEmbeddedSession(pageWith(null))).toBeUndefined();
    expect(readEmbeddedSession(pageWith('{not json'))).toBeUndefined();
  });

  it.each([
    ['a signed-in shopper', { user: CASEY }, 'customer@example.com'],
    ['a visitor', { user: null }, 'visitor'],
  ])('answers useAuth for %s at once, without asking the api', async (_who, embedded, shown) => {
    const fetch = vi.fn((..._args: unknown[]) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const queryClient = seedEmbeddedSession(createQueryClient(), pageWith(asTheApiWritesIt(embedded)));
    render(
      <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Who />
        </QueryClientProvider>
      </trpc.Provider>,
    );
    expect(screen.getByText(shown)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the api when the page came without it (the service worker’s copy)', async () => {
    const fetch = vi.fn((..._args: unknown[]) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const queryClient = seedEmbeddedSession(createQueryClient(), pageWith(null));
    render(
      <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Who />
        </QueryClientProvider>
      </trpc.Provider>,
    );
    expect(screen.getByText('asking')).toBeTruthy();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toContain('auth.session');
  });
});
