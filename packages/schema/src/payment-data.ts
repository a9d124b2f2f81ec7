/**
 * Card numbers must never be stored (ASVS L2 payment data, docs/architecture.md §4 "Payment data"):
 * the one detector every free-text field a shopper or staff member writes goes through, and the one
 * message it refuses with.
 */
export const CARD_DATA_MESSAGE =
  'Card data must never be sent: only cardHolderName and cardLastFour (the last 4 digits)';

/**
 * What may stand between a card number's digit groups: one to three of space, tab, no-break space
 * (U+00A0), figure space (U+2007), narrow no-break space (U+202F), `-`, `.` or `/`.
 */
const DIGIT_GROUPS = /\d+(?:[ \t\u00A0\u2007\u202F./-]{1,3}\d+)*/g;
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
 * separators above, that pass the Luhn check. Consecutive groups are tried together, so a number
 * written before the card ("order 12 4242 4242 4242 4242") does not hide it.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_GROUPS)) {
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
