import { z } from '../../contract/zod';
import { EMPTY_DETAILS, cleanDetails, validateDetails, type AssociationDetails } from '../../src-core/domain/association-details';
import type { AssociationPort } from '../../src-core/ports/association.port';
import { createContentfulReader, type ContentfulOptions } from './contentful-reader';

/** The content type of the one entry that holds the association's details (docs/hosted.md). */
const DETAILS_CONTENT_TYPE = 'associationDetails';

const text = z.string().optional().catch(undefined);

const detailsEntrySchema = z.object({
  fields: z.object({
    contactName: text,
    address: text,
    phone: text,
    email: text,
    charityNumber: text,
    openingHours: text,
    replyTime: text,
    socialLinks: z.array(z.string()).optional().catch(undefined),
    howToJoin: text,
  }),
});

const entriesSchema = z.object({ items: z.array(z.unknown()) });

/**
 * The entry's details, each field the site's rules accept; one they refuse (a phone number with
 * letters, an address that is not https) is left out and reported, so the rest still shows.
 */
function detailsFrom(response: unknown): AssociationDetails {
  const [item] = entriesSchema.parse(response).items;
  if (item === undefined) return EMPTY_DETAILS;
  const entry = detailsEntrySchema.safeParse(item);
  if (!entry.success) {
    console.warn('Contentful: the association details entry could not be read.', entry.error.issues);
    return EMPTY_DETAILS;
  }
  const { fields } = entry.data;
  const details = cleanDetails({
    contactName: fields.contactName ?? '',
    address: fields.address ?? '',
    phone: fields.phone ?? '',
    email: fields.email ?? '',
    charityNumber: fields.charityNumber ?? '',
    openingHours: fields.openingHours ?? '',
    replyTime: fields.replyTime ?? '',
    socialLinks: fields.socialLinks ?? [],
    howToJoin: fields.howToJoin ?? '',
  });
  const refused = validateDetails(details);
  const fieldNames = Object.keys(refused) as (keyof AssociationDetails)[];
  if (fieldNames.length === 0) return details;
  console.warn(`Contentful: the association details' ${fieldNames.join(', ')} were left out:`, refused);
  return { ...details, ...Object.fromEntries(fieldNames.map((field) => [field, EMPTY_DETAILS[field]])) };
}

/**
 * The association's details from a Contentful entry of type 'associationDetails', so they can
 * change without a new build; the newest entry counts if there are several.
 */
export function createContentfulAssociation(options: ContentfulOptions): AssociationPort {
  const read = createContentfulReader(options);
  return {
    async getDetails(readOptions) {
      const response = await read(
        (api) => api.getEntries({ content_type: DETAILS_CONTENT_TYPE, order: ['-sys.updatedAt'], limit: 1 }),
        readOptions?.signal,
      );
      return detailsFrom(response);
    },
  };
}
