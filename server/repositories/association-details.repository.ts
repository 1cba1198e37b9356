import { EMPTY_DETAILS, type AssociationDetails } from '../../src-core/domain/association-details';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';

interface DetailsRow {
  contact_name: string;
  address: string;
  phone: string;
  email: string;
  charity_number: string;
  opening_hours: string;
  reply_time: string;
  social_links: string;
  how_to_join: string;
}

export interface AssociationDetailsRepository {
  /** The details as stored; every field '' (and no links) before anyone has saved them. */
  get(): AssociationDetails;
  /** Replaces the details (already checked and cleaned) and returns them as stored. */
  save(details: AssociationDetails, at: string, options?: { readonly sample?: boolean }): AssociationDetails;
  /** Empties the details if they are still the samples a new site started with; returns whether it did. */
  removeSample(): boolean;
}

export interface AssociationDetailsRepositoryOptions {
  /** Told after every change, so pages rendered with the old details (every page's footer) are invalidated. */
  readonly onChange?: () => void;
}

function linksFrom(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((link): link is string => typeof link === 'string') : [];
  } catch {
    return [];
  }
}

function toDetails(row: DetailsRow): AssociationDetails {
  return {
    contactName: row.contact_name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    charityNumber: row.charity_number,
    openingHours: row.opening_hours,
    replyTime: row.reply_time,
    socialLinks: linksFrom(row.social_links),
    howToJoin: row.how_to_join,
  };
}

export function createAssociationDetailsRepository(
  db: Db,
  { onChange = () => undefined }: AssociationDetailsRepositoryOptions = {},
): AssociationDetailsRepository {
  const select = db.prepare<[], DetailsRow>('SELECT * FROM association_details WHERE id = 1');
  // One row, replaced whole: a save is one statement, so it is stored entirely or not at all.
  const upsert = prepareReturningWrite<[string, string, string, string, string, string, string, string, string, number, string], DetailsRow>(
    db,
    `INSERT INTO association_details
       (id, contact_name, address, phone, email, charity_number, opening_hours, reply_time, social_links, how_to_join, is_sample, updated_at)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET
       contact_name = excluded.contact_name, address = excluded.address, phone = excluded.phone,
       email = excluded.email, charity_number = excluded.charity_number, opening_hours = excluded.opening_hours,
       reply_time = excluded.reply_time, social_links = excluded.social_links, how_to_join = excluded.how_to_join,
       is_sample = excluded.is_sample, updated_at = excluded.updated_at
     RETURNING *`,
  );
  const removeSamples = db.prepare('DELETE FROM association_details WHERE is_sample = 1');

  return {
    get() {
      const row = select.get();
      return row === undefined ? EMPTY_DETAILS : toDetails(row);
    },
    save(details, at, { sample = false } = {}) {
      const row = upsert.first(
        details.contactName,
        details.address,
        details.phone,
        details.email,
        details.charityNumber,
        details.openingHours,
        details.replyTime,
        JSON.stringify(details.socialLinks),
        details.howToJoin,
        sample ? 1 : 0,
        at,
      );
      if (row === undefined) throw new Error('The association details were not stored.');
      onChange();
      return toDetails(row);
    },
    removeSample() {
      const removed = removeSamples.run().changes > 0;
      if (removed) onChange();
      return removed;
    },
  };
}
