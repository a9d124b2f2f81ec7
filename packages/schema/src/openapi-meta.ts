/**
 * What the OpenAPI document (apps/api/src/openapi) should say about a rule that JSON Schema cannot
 * see. zod-openapi renders a schema's own checks (lengths, patterns, enums), but not what a
 * `.refine()`, `.superRefine()` or `.transform()` checks, so without these notes the document
 * accepts bodies the server refuses. Each note sits beside the rule it describes, in JSON Schema
 * words, and is documentation only: parsing never reads it (a test holds the two together:
 * apps/api/src/openapi/openapi-contract.test.ts).
 */
import { z } from 'zod';
import { MAX_CENTS } from './money';

type JsonSchema = Record<string, unknown>;

/**
 * zod-openapi's `override` metadata: the document shows `replace(rendered)` instead of what zod
 * rendered for this schema (the input side; answers never use these schemas).
 */
export function documentedAs(replace: (rendered: JsonSchema) => JsonSchema) {
  return {
    override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
      const next = replace({ ...jsonSchema });
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, next);
    },
  };
}

/**
 * An amount a client sends (a product's price, an order line's price): a decimal string or a
 * number, at least 0, at most 2 decimals, at most numeric(10,2)'s largest value; spaces around a
 * string are ignored (toCents). JSON Schema cannot say "2 decimals" of a number reliably
 * (`multipleOf: 0.01` fails on floats in common validators), so the description says it.
 */
export const CLIENT_AMOUNT_DOC = documentedAs(() => ({
  anyOf: [
    { type: 'string', pattern: '^\\s*0*\\d{1,8}(\\.\\d{1,2})?\\s*$' },
    { type: 'number', minimum: 0, maximum: MAX_CENTS / 100 },
  ],
  description:
    'An amount of at least 0 with at most 2 decimals, like "12.50" (a number such as 12.5 is accepted too)',
}));

/** An email as the server accepts it (zod's email rule, then lower-cased): format and pattern. */
export const EMAIL_DOC = {
  format: 'email',
  pattern: z.regexes.email.source,
  description: 'An email address (stored lower-case)',
};

/** A phone number, or blank to clear it: what the phone refine accepts. */
export const PHONE_DOC = {
  pattern: '^\\s*(\\+?[0-9][0-9 ().-]*)?$',
  description: 'Digits, spaces and ( ) . - with an optional leading +; blank or null clears it',
};

/**
 * Text that is trimmed before its minimum length is checked: a blank value is refused, which
 * JSON Schema says as "contains a non-space character". Added by the document builder to every
 * such string (apps/api/src/openapi/openapi-document.ts), not by hand.
 */
export const NOT_BLANK_PATTERN = '\\S';
