/**
 * Postcodes as people write them (issue 33 item 4, docs/delivery-slots.md "Postal codes"): which
 * country an address names, the postcode in it by that country's format (postcode-validator's
 * patterns), and one written form per postcode ("sw1a2aa" → "SW1A 2AA", "k1a0a2" → "K1A 0A2",
 * "1012js" → "1012 JS", "62701 1234" → "62701-1234"). Zones compare the written form without its
 * spaces (delivery-rules.ts `zoneForPostalCode`). Pure: no I/O, the same answer on every side.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { normalizePostalCode } from './delivery-rules';

/** Country names and codes people write, to ISO 3166-1 alpha-2 (upper case, without dots). */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'US',
  USA: 'US',
  'UNITED STATES': 'US',
  'UNITED STATES OF AMERICA': 'US',
  GB: 'GB',
  UK: 'GB',
  'UNITED KINGDOM': 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  'NORTHERN IRELAND': 'GB',
  CA: 'CA',
  CANADA: 'CA',
  NL: 'NL',
  NETHERLANDS: 'NL',
  'THE NETHERLANDS': 'NL',
  NEDERLAND: 'NL',
  HOLLAND: 'NL',
  DE: 'DE',
  GERMANY: 'DE',
  DEUTSCHLAND: 'DE',
  FRANCE: 'FR',
  IRELAND: 'IE',
  BELGIUM: 'BE',
  SPAIN: 'ES',
  ITALY: 'IT',
  AUSTRIA: 'AT',
  SWITZERLAND: 'CH',
  AUSTRALIA: 'AU',
};

/**
 * Tried in this order for an address that names no country the shop knows: the first whose format
 * fits wins. Their formats do not overlap, except US and German five digits, which read the same.
 */
const GUESSED_COUNTRIES = ['GB', 'CA', 'NL', 'US', 'DE'] as const;

/** The written form of a postcode from its letters and digits alone (upper case, no spaces or dashes). */
const WRITTEN_FORM: Readonly<Record<string, (compact: string) => string>> = {
  // Outward code, a space, the inward code (always a digit and two letters).
  GB: (c) => (c.length > 3 ? `${c.slice(0, -3)} ${c.slice(-3)}` : c),
  // Forward sortation area, a space, local delivery unit.
  CA: (c) => (c.length === 6 ? `${c.slice(0, 3)} ${c.slice(3)}` : c),
  // Four digits, a space, two letters.
  NL: (c) => (c.length === 6 ? `${c.slice(0, 4)} ${c.slice(4)}` : c),
  // ZIP or ZIP+4.
  US: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
};

/** The ISO code of a country as an address names it ('United Kingdom', 'uk', 'GB'), or null. */
export function countryCodeOf(country: string): string | null {
  const key = country.replace(/\./g, '').replace(/\s+/g, ' ').trim().toUpperCase();
  const named = COUNTRY_NAMES[key];
  if (named) return named;
  return /^[A-Z]{2}$/.test(key) && postcodeValidatorExistsForCountry(key) ? key : null;
}

/**
 * A postcode in its country's written form ('sw1a2aa', 'GB' → 'SW1A 2AA'), or null when it is not
 * one of that country's (or the country has no known format).
 */
export function normalizePostcode(code: string, country: string): string | null {
  const iso = countryCodeOf(country);
  if (!iso) return null;
  const typed = code.replace(/\s+/g, ' ').trim().toUpperCase();
  if (!typed) return null;
  const compact = typed.replace(/[\s-]/g, '');
  const written = WRITTEN_FORM[iso]?.(compact) ?? typed;
  for (const form of [written, typed]) {
    if (postcodeValidator(form, iso)) return form;
  }
  return null;
}

/** A postcode read from an address, with the country whose format it has (null: not known). */
export interface ReadPostcode {
  code: string;
  country: string | null;
}

/**
 * The postcode of a shipping line, saved ('street, city, state zip, country', formatAddress) or
 * typed: the country is the last comma-separated part when it names one; the postcode is the last
 * one or two words, read from the end, that fit that country's format (any of GUESSED_COUNTRIES
 * without a country), so "London SW1A 2AA" reads "SW1A 2AA", not "2AA", and a street number is
 * never taken for one when a postcode follows it. A line with none that fits keeps the rule before
 * formats: the last word before the country (a shop's own codes; upper case, no spaces).
 */
export function readPostcode(shippingAddress: string): ReadPostcode | null {
  const parts = shippingAddress
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const named = parts.length >= 2 ? countryCodeOf(parts[parts.length - 1]!) : null;
  const body = named ? parts.slice(0, -1) : parts;
  const countries: readonly string[] = named ? [named] : GUESSED_COUNTRIES;
  for (let p = body.length - 1; p >= 0; p--) {
    const words = body[p]!.split(/\s+/).filter(Boolean);
    for (let end = words.length; end >= 1; end--) {
      for (const length of [2, 1]) {
        if (end - length < 0) continue;
        const candidate = words.slice(end - length, end).join(' ');
        for (const country of countries) {
          const code = normalizePostcode(candidate, country);
          if (code) return { code, country };
        }
      }
    }
  }
  if (parts.length < 3) return null;
  const words = parts[parts.length - 2]!.split(/\s+/).filter(Boolean);
  const last = words[words.length - 1];
  return last ? { code: normalizePostalCode(last), country: named } : null;
}

/** The postcode of a shipping line in its written form ("SW1A 2AA"), or null when it has none. */
export function postalCodeOf(shippingAddress: string): string | null {
  return readPostcode(shippingAddress)?.code ?? null;
}
