/**
 * What the back office's patch and add-on calls take (docs/back-office.md "Patches and add-ons");
 * the answers are in extras.model.ts. Every request is strict. A picture is uploaded first
 * (extraPictureRequestSchema, checked like a product image) and saved by the URL it answers.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { querySchema } from './common.schema.ts';
import { ADDON_KIND_PATTERN, EXTRA_NAME_MAX, EXTRA_PRICE_MAX } from './extras.model.ts';
import { adminImageUploadRequestSchema } from './products.schema.ts';

const nameSchema = z.string().trim().min(1, 'give a name').max(EXTRA_NAME_MAX, `at most ${EXTRA_NAME_MAX} characters`);
const priceSchema = z.number().int('the price is in cents').min(0, 'the price cannot be negative').max(EXTRA_PRICE_MAX, 'the price is at most 1,000.00');
/** The URL an upload answered (extraPicture), or the picture the row has already. */
const imageSchema = z.string().min(1, 'upload a picture').max(300);
const tagSchema = z.string().trim().min(1).max(60);
const kindSchema = z.string().trim().min(2).max(30).regex(ADDON_KIND_PATTERN, 'the kind is lower-case letters and single hyphens');
const activeFilterSchema = z.enum(['active', 'inactive']).optional();

export const patchListRequestSchema = z.strictObject({ ...pageRequestShape, query: querySchema, active: activeFilterSchema, tag: tagSchema.optional() });

const patchFields = {
  nameEn: nameSchema,
  nameZh: nameSchema,
  price: priceSchema,
  image: imageSchema,
  fitsTags: z.array(tagSchema).min(1, 'choose at least one navigation tag').max(50),
};
export const patchCreateRequestSchema = z.strictObject(patchFields);
export const patchUpdateRequestSchema = z.strictObject({ id: idSchema, ...patchFields });

/** `team`: a team's tag. */
export const addonListRequestSchema = z.strictObject({ ...pageRequestShape, query: querySchema, active: activeFilterSchema, team: tagSchema.optional() });

const addonFields = { teamId: idSchema, kind: kindSchema, nameEn: nameSchema, nameZh: nameSchema, price: priceSchema, image: imageSchema };
export const addonCreateRequestSchema = z.strictObject(addonFields);
export const addonUpdateRequestSchema = z.strictObject({ id: idSchema, ...addonFields });

/** Deactivating hides it from shoppers and refuses it in new cart lines; activating offers it again. */
export const extraActiveRequestSchema = z.strictObject({ id: idSchema, active: z.boolean() });

/** The same bytes rules as a product image's upload, without a product. */
export const extraPictureRequestSchema = adminImageUploadRequestSchema.omit({ productId: true });
