import { shopToday } from '@shop/schema';

/** The shop's day (YYYY-MM-DD, UTC as delivery slots and lots) `days` from today: lot dates in tests. */
export const shopDayIn = (days: number): string => shopToday(new Date(Date.now() + days * 86_400_000));
