/** What other packages may import from the api: its router type (for typed clients) and the app builder. */
export type { AppRouter } from './app-router';
