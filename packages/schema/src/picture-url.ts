/** The picture rule (picture-rule.ts) as inputs take it. */
import { z } from 'zod';
import { isAllowedPictureUrl, OWN_PICTURE_PREFIX, PICTURE_URL_MAX, pictureUrlMessage } from './picture-rule';

/** An optional picture address as inputs take it: blank or null → null, else it must pass the rule. */
export const PictureUrlInput = z
  .string()
  .trim()
  .max(PICTURE_URL_MAX)
  .nullable()
  .transform((value) => value || null)
  .superRefine((value, ctx) => {
    if (value !== null && !isAllowedPictureUrl(value)) {
      ctx.addIssue({ code: 'custom', message: pictureUrlMessage() });
    }
  })
  .meta({
    description:
      `Blank or null for none; else one of the shop's pictures (a path under ${OWN_PICTURE_PREFIX}) or an ` +
      'https:// address on one of the image hosts the shop allows (IMAGE_HOSTS)',
  });
