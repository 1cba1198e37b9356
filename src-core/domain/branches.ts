import type { FieldErrors } from './validation';

/**
 * The association's branches: each one meets somewhere, covers one or more counties and has a
 * page of its own (/branches/{slug}). Events and news posts may belong to one; none means national.
 */

/** The 26 counties of the Republic of Ireland, in alphabetical order: the choices of 'Which branch is near me?'. */
export const IRISH_COUNTIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
] as const;

export type County = (typeof IRISH_COUNTIES)[number];

export function isCounty(value: string): value is County {
  return (IRISH_COUNTIES as readonly string[]).includes(value);
}

/** What an administrator says about a branch. Text fields are '' when not given. */
export interface BranchDetails {
  readonly name: string;
  /** The last part of the branch page's address: lower-case letters, digits and hyphens. */
  readonly slug: string;
  readonly counties: readonly County[];
  /** Where and when it usually meets, as plain text ("Second Tuesday, 2.30pm, the Parish Centre"). */
  readonly meets: string;
  readonly contactName: string;
  readonly contactPhone: string;
  readonly contactEmail: string;
  /** A short description, plain text. */
  readonly description: string;
  /** An inactive branch keeps its page's data but is not listed to visitors. */
  readonly active: boolean;
}

export interface Branch extends BranchDetails {
  readonly id: string;
}

/** The branch an event or a post belongs to, as its page names it. */
export interface BranchLink {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
}

export type BranchField = 'name' | 'slug' | 'counties' | 'meets' | 'contactName' | 'contactPhone' | 'contactEmail' | 'description';

/** Longest values, in UTF-16 units like an input's maxLength, so the form and the server agree. */
const BRANCH_LIMITS = { name: 200, slug: 60, meets: 300, contactName: 120, contactPhone: 30, contactEmail: 254, description: 1000 } as const;

export const BRANCH_MESSAGES = {
  name: 'Please enter the branch name, for example Cork Branch.',
  nameTaken: 'There is already a branch with this name. Please choose another name.',
  slug: 'Please use only lower-case letters, digits and single hyphens for the web address, for example cork-branch.',
  slugTaken: 'Another branch already has this web address. Please choose another.',
  counties: 'Please choose at least one county this branch covers.',
  contactPhone: 'Please enter a phone number using digits, spaces and + ( ) - only, for example 021 555 0100.',
  contactEmail: 'Please enter a valid e-mail address, like name@example.org.',
  notFound: 'This branch could not be found. It may have been removed; please choose another.',
  inUseByContent: (posts: number, events: number) =>
    `This branch cannot be removed: ${posts} post${posts === 1 ? '' : 's'} and ${events} event${events === 1 ? '' : 's'} belong to it. Make it inactive instead, or choose another branch for them first.`,
  tooLong: (what: string, limit: number) => `Please keep ${what} to ${limit} characters or fewer.`,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PHONE = /^\+?[0-9 ()-]{6,}$/;
// Deliberately loose, as for the contact form (src-core/domain/validation.ts): the mail server is the real judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A web address made from a name: 'St. Brigid’s Branch' gives 'st-brigids-branch'; '' when nothing is left. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BRANCH_LIMITS.slug)
    .replace(/-+$/, '');
}

/** What the form or a request sends: the same fields, not yet tidied or checked. */
export type BranchInput = { readonly [K in Exclude<keyof BranchDetails, 'counties' | 'active'>]: string } & {
  readonly counties: readonly string[];
  readonly active: boolean;
};

export type BranchCheck = { readonly ok: true; readonly details: BranchDetails } | { readonly ok: false; readonly fieldErrors: FieldErrors<BranchField> };

/**
 * Tidies and checks a branch's details, as the server does before storing them. An empty web
 * address is made from the name. Whether a name or address is taken is the repository's to say.
 */
export function checkBranch(input: BranchInput): BranchCheck {
  const name = oneLine(input.name);
  const slug = input.slug.trim() === '' ? slugFromName(name) : input.slug.trim();
  const counties = IRISH_COUNTIES.filter((county) => input.counties.includes(county));
  const details: BranchDetails = {
    name,
    slug,
    counties,
    meets: paragraphs(input.meets),
    contactName: oneLine(input.contactName),
    contactPhone: oneLine(input.contactPhone),
    contactEmail: input.contactEmail.trim(),
    description: paragraphs(input.description),
    active: input.active,
  };
  const errors: Partial<Record<BranchField, string>> = {};
  const limit = (field: keyof typeof BRANCH_LIMITS, what: string) => {
    if (details[field].length > BRANCH_LIMITS[field]) errors[field] ??= BRANCH_MESSAGES.tooLong(what, BRANCH_LIMITS[field]);
  };
  if (name === '') errors.name = BRANCH_MESSAGES.name;
  if (!SLUG.test(slug)) errors.slug = BRANCH_MESSAGES.slug;
  if (counties.length === 0 || counties.length !== new Set(input.counties).size) errors.counties = BRANCH_MESSAGES.counties;
  if (details.contactPhone !== '' && !PHONE.test(details.contactPhone)) errors.contactPhone = BRANCH_MESSAGES.contactPhone;
  if (details.contactEmail !== '' && !EMAIL_SHAPE.test(details.contactEmail)) errors.contactEmail = BRANCH_MESSAGES.contactEmail;
  limit('name', 'the name');
  limit('slug', 'the web address');
  limit('meets', 'where and when it meets');
  limit('contactName', 'the contact’s name');
  limit('contactPhone', 'the phone number');
  limit('contactEmail', 'the e-mail address');
  limit('description', 'the description');
  return Object.keys(errors).length === 0 ? { ok: true, details } : { ok: false, fieldErrors: errors };
}

/** The active branches covering `county`, in the order given: the answer to 'Which branch is near me?'. */
export function branchesInCounty<B extends Pick<Branch, 'counties' | 'active'>>(branches: readonly B[], county: string): B[] {
  return branches.filter((branch) => branch.active && branch.counties.some((one) => one === county));
}

/** The address of the page listing every branch; `?county=` answers 'Which branch is near me?'. */
export const BRANCHES_PATH = '/branches';
export const COUNTY_PARAM = 'county';

/** The page of a branch on the site. */
export function branchPagePath(slug: string): string {
  return `${BRANCHES_PATH}/${encodeURIComponent(slug)}`;
}

/** The calendar feed of a branch's events (.ics), made as the site-wide one is. */
export function branchCalendarPath(slug: string): string {
  return `${branchPagePath(slug)}/events.ics`;
}

/** The Events page showing one branch's events only. */
export function branchEventsPath(slug: string): string {
  return `/events?branch=${encodeURIComponent(slug)}`;
}
