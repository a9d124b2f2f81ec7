import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './app-header';
import { MAIN_ID } from '../../lib/landmarks';

/** Pages with the shared header. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id={MAIN_ID}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
