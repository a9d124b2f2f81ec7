/**
 * Card numbers must never be stored (ASVS L2 payment data, docs/architecture.md §4 "Payment data"):
 * the one detector every free-text field a shopper or staff member writes goes through, and the one
 * message it refuses with.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

export const CARD_DATA_MESSAGE =
  'Card data must never be sent: only cardHolderName and cardLastFour (the last 4 digits)';

/**
 * What may stand between a card number's digit groups: one to three of any space (tab, no-break
 * space U+00A0, figure space U+2007, narrow no-break space U+202F and every other Unicode space
 * separator), any dash (`-`, en and em dashes, U+2212 minus), `.`, `/`, `_`, `,`, `'` or a middle dot.
 * The text is normalised first (normaliseForCardCheck), so full-width and other compatibility digits
 * count as digits and invisible characters between them do not split a number.
 */
const DIGIT_GROUPS = /\d+(?:[\t\p{Zs}\p{Pd}\u2212\u00B7./_,']{1,3}\d+)*/gu;

/** Characters that show nothing: zero-width spaces and joiners, word joiner, soft hyphen, BOM, bidi marks. */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/**
 * A text as the card check reads it (issue 32): NFKC (full-width `４２４２`, superscript and circled
 * digits become ASCII digits, compatibility spaces become spaces), then every invisible character
 * removed, so `4242\u200B4242…` is one number.
 */
export function normaliseForCardCheck(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}
const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/**
 * A bank account number as every answer shows it: its last 4 letters or digits (`****3456`), all
 * hidden when it has no more than 4. Only an order's own detail, for a caller holding
 * `payments:read`, shows the whole number (docs/architecture.md §4 "Payment data").
 */
export function maskAccountNumber(value: string | null): string | null {
  if (value === null) return null;
  const characters = value.replace(/[^A-Za-z0-9]/g, '');
  return characters.length > 4 ? `****${characters.slice(-4)}` : '****';
}

/** The Luhn checksum every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A single run of digits longer than a card: any 13 to 19 of them in a row may be one. */
function hidesCard(digits: string): boolean {
  for (let length = MIN_DIGITS; length <= MAX_DIGITS; length++)
    for (let start = 0; start + length <= digits.length; start++)
      if (passesLuhn(digits.slice(start, start + length))) return true;
  return false;
}

/**
 * Whether a text holds a card number: 13 to 19 digits, written together or in groups with the
 * separators above (after normaliseForCardCheck), that pass the Luhn check. Consecutive groups are tried together, so a number
 * written before the card ("order 12 4242 4242 4242 4242") does not hide it.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of normaliseForCardCheck(text).matchAll(DIGIT_GROUPS)) {
    const groups = run.match(/\d+/g)!;
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < MAX_DIGITS; last++) {
        digits += groups[last];
        if (digits.length > MAX_DIGITS) {
          if (first === last && hidesCard(digits)) return true;
          break;
        }
        if (digits.length >= MIN_DIGITS && passesLuhn(digits)) return true;
      }
    }
  }
  return false;
}

/** The refine of a free-text field: null and absent pass, a card number is refused (CARD_DATA_MESSAGE). */
export const withoutCardNumber = (value: string | null | undefined) =>
  value == null || !containsCardNumber(value);

/**
 * Card numbers by scheme: the leading digits (IIN ranges) and the lengths each scheme issues. A bank
 * account number is refused only when a run of its digits is one of these and passes the Luhn check
 * (isCardLikeAccountNumber); other long numbers are national account numbers.
 */
const CARD_SCHEMES: { prefix: RegExp; lengths: readonly number[] }[] = [
  { prefix: /^4/, lengths: [13, 16, 19] }, // Visa
  { prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] }, // Mastercard
  { prefix: /^3[47]/, lengths: [15] }, // American Express
  { prefix: /^(30[0-5]|3095|36|3[89])/, lengths: [14, 15, 16, 17, 18, 19] }, // Diners Club
  { prefix: /^35(2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] }, // JCB
  { prefix: /^(6011|64[4-9]|65|62)/, lengths: [16, 17, 18, 19] }, // Discover, UnionPay
  { prefix: /^(50|5[6-9]|6\d)/, lengths: [13, 14, 15, 16, 17, 18, 19] }, // Maestro
];

function isCardNumber(digits: string): boolean {
  return (
    CARD_SCHEMES.some((scheme) => scheme.prefix.test(digits) && scheme.lengths.includes(digits.length)) &&
    passesLuhn(digits)
  );
}

/**
 * Whether a bank account number is really a card number (issue 32: the field must take real
 * account numbers). A valid IBAN (`DE89 3704 0044 0532 0130 00`, checked by ibantools) is an account
 * whatever its digits; so is a national account number (`12345678`, `40-47-84 70872490`,
 * `19-2000145399-0800`). What is refused: a whole run of digits (spaces, dashes, dots and slashes
 * between them ignored) that is a card scheme's number with its length and passes the Luhn check.
 */
export function isCardLikeAccountNumber(value: string): boolean {
  const text = normaliseForCardCheck(value);
  const compact = text.replace(/[\s\p{Pd}\u2212./_,']/gu, '').toUpperCase();
  if (isValidIBAN(electronicFormatIBAN(compact) ?? '')) return false;
  // Whole runs only: windows inside a long national number (20 digits in some countries) would
  // find a "card" in many real accounts.
  return (compact.match(/\d+/g) ?? []).some((digits) => isCardNumber(digits));
}
