import { randomBytes } from 'node:crypto';

/**
 * A word no other test run uses, in letters only: for names, emails and keys sent through the app.
 * Not `Date.now()`: its 13 digits pass the card-number check about one time in ten, and the api
 * then refuses the name or email as payment data.
 */
export function uniqueWord(): string {
  return Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}
