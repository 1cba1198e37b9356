// With its extension: the build's Vite plugin loads this file through Node, which needs it.
import { EMPTY_DETAILS, cleanDetails, validateDetails, type AssociationDetails } from '../../src-core/domain/association-details.js';
import type { AssociationPort } from '../../src-core/ports/association.port';

/**
 * Where the hosted build's association details come from:
 * 'build' (the default): the VITE_ASSOCIATION_* variables below, compiled into the site, so the
 *   prerendered pages carry them; a change needs a new build.
 * 'contentful': an entry of the content type 'associationDetails' in the Contentful space, read
 *   in the browser, so a change shows without a build.
 */
export type DetailsSource = { readonly from: 'build'; readonly details: AssociationDetails } | { readonly from: 'contentful' };

/**
 * The optional variables that set the details in the build, and which field each fills.
 * @internal Outside this file only tests and fakes use it.
 */
export const DETAILS_VARIABLES = {
  VITE_ASSOCIATION_CONTACT_NAME: 'contactName',
  VITE_ASSOCIATION_ADDRESS: 'address',
  VITE_ASSOCIATION_PHONE: 'phone',
  VITE_ASSOCIATION_EMAIL: 'email',
  VITE_ASSOCIATION_CHARITY_NUMBER: 'charityNumber',
  VITE_ASSOCIATION_OPENING_HOURS: 'openingHours',
  VITE_ASSOCIATION_REPLY_TIME: 'replyTime',
  VITE_ASSOCIATION_SOCIAL_LINKS: 'socialLinks',
  VITE_ASSOCIATION_HOW_TO_JOIN: 'howToJoin',
} as const satisfies Record<string, keyof AssociationDetails>;

type DetailsVariable = keyof typeof DETAILS_VARIABLES;

export interface DetailsProblem {
  readonly variable: string;
  readonly problem: string;
}

function stringOf(record: Readonly<Record<string, unknown>>, variable: string): string {
  const value = record[variable];
  // An .env value cannot hold a line break, so '\n' written in it stands for one.
  return typeof value === 'string' ? value.replace(/\\n/g, '\n') : '';
}

/**
 * Reads the details' settings. Every VITE_ASSOCIATION_* variable is optional (an empty one is
 * not shown); one the site's rules refuse is reported with the rule's own words.
 */
export function parseDetailsSource(record: Readonly<Record<string, unknown>>): { source: DetailsSource; problems: DetailsProblem[] } {
  const from = stringOf(record, 'VITE_ASSOCIATION_DETAILS').trim() || 'build';
  if (from === 'contentful') return { source: { from }, problems: [] };
  if (from !== 'build') {
    return {
      source: { from: 'build', details: EMPTY_DETAILS },
      problems: [{ variable: 'VITE_ASSOCIATION_DETAILS', problem: "must be 'build' or 'contentful'" }],
    };
  }
  const field = (variable: DetailsVariable) => stringOf(record, variable);
  const details = cleanDetails({
    contactName: field('VITE_ASSOCIATION_CONTACT_NAME'),
    address: field('VITE_ASSOCIATION_ADDRESS'),
    phone: field('VITE_ASSOCIATION_PHONE'),
    email: field('VITE_ASSOCIATION_EMAIL'),
    charityNumber: field('VITE_ASSOCIATION_CHARITY_NUMBER'),
    openingHours: field('VITE_ASSOCIATION_OPENING_HOURS'),
    replyTime: field('VITE_ASSOCIATION_REPLY_TIME'),
    // Several pages, separated by commas or spaces.
    socialLinks: field('VITE_ASSOCIATION_SOCIAL_LINKS').split(/[\s,]+/),
    howToJoin: field('VITE_ASSOCIATION_HOW_TO_JOIN'),
  });
  const refused = validateDetails(details);
  const problems = (Object.entries(DETAILS_VARIABLES) as [DetailsVariable, keyof AssociationDetails][])
    .filter(([, name]) => refused[name] !== undefined)
    .map(([variable, name]) => ({ variable, problem: `is not accepted: ${refused[name] ?? ''}` }));
  return { source: { from: 'build', details }, problems };
}

/**
 * The details the build holds, as a port that needs nothing downloaded: pages show them at once,
 * and the prerendered pages carry them. Undefined when they come from Contentful instead.
 */
export function buildTimeAssociation(record: Readonly<Record<string, unknown>>): AssociationPort | undefined {
  const { source } = parseDetailsSource(record);
  if (source.from !== 'build') return undefined;
  const { details } = source;
  return { getDetails: async () => details };
}
