// firestore.rules read as text: the Firestore emulator needs Java 21 and a download, which the
// machines this project is tested on do not have, so the rules are checked statically here. What a
// visitor's writes must look like is checked by running the adapter against the Firestore fake
// (mocks/firebase-firestore.ts), whose access check mirrors these rules; this file checks that the
// rules themselves say it: reads and deletes for administrators only, and every other write either
// an administrator's or one that passes a check of its exact fields.
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SUBSCRIPTION_FORMS } from '../../contract/subscriptions';
import {
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  BOOKING_COUNT_FIELDS,
  BOOKING_FIELDS,
  BOOKING_TEMPLATE_DATA,
  BOOKING_TOKEN_FIELDS,
  CONFIRMATION_TEMPLATE,
  EXPIRES_FIELD,
  FIRESTORE_COLLECTIONS,
  MAIL_FIELDS,
  SECRET_LENGTH,
  SUBSCRIBER_REQUEST_FIELDS,
  VISITOR_GETS,
} from '../../adapters/firebase/firestore-records';
import { BOOKING_LIMITS } from '../../src-core/domain/bookings';
import { APPLICATION_CONSENT_WORDING } from '../../src-core/domain/joining';
import { SUBSCRIPTION_TEXTS } from '../../src-core/domain/subscription';
import { administratorsInRules } from '../../tooling/prerender/storage-rules';

interface Rule {
  /** The match paths around the rule, outermost first. */
  readonly paths: readonly string[];
  readonly methods: readonly string[];
  readonly condition: string;
}

/** The rules file without its comments (the rules language has only `//` comments; none sit inside a string here). */
function withoutComments(source: string): string {
  return source.replace(/\/\/[^\n]*/g, '');
}

/** Every `allow` statement with the match paths it sits in. */
function rulesOf(source: string): { service: string | undefined; version: string | undefined; rules: Rule[] } {
  const text = withoutComments(source);
  const version = /rules_version\s*=\s*'([^']+)'\s*;/.exec(text)?.[1];
  const service = /service\s+([\w.]+)\s*\{/.exec(text)?.[1];
  const rules: Rule[] = [];
  const stack: (string | null)[] = [];
  const token = /match\s+(\S+)\s*\{|allow\s+([^:;{}]+?)\s*(?::\s*if\s+([^;]+?))?\s*;|\{|\}/g;
  for (let found = token.exec(text); found !== null; found = token.exec(text)) {
    const [whole, matchPath, methods, condition] = found;
    if (matchPath !== undefined) stack.push(matchPath);
    else if (methods !== undefined) {
      rules.push({
        paths: stack.filter((entry): entry is string => entry !== null),
        methods: methods.split(',').map((method) => method.trim()),
        // `allow read;` without a condition allows everything.
        condition: condition?.replace(/\s+/g, ' ').trim() ?? 'true',
      });
    } else if (whole === '{') stack.push(null);
    else stack.pop();
  }
  return { service, version, rules };
}

/** Every `function name(...) { ... }` with its body, found by matching braces. */
function functionsOf(source: string): Map<string, string> {
  const text = withoutComments(source);
  const functions = new Map<string, string>();
  for (const found of text.matchAll(/function\s+(\w+)\s*\([^)]*\)\s*\{/g)) {
    let depth = 1;
    let at = (found.index ?? 0) + found[0].length;
    const start = at;
    for (; at < text.length && depth > 0; at += 1) {
      if (text[at] === '{') depth += 1;
      else if (text[at] === '}') depth -= 1;
    }
    functions.set(found[1] as string, text.slice(start, at - 1).replace(/\s+/g, ' ').trim());
  }
  return functions;
}

/** The functions a condition calls, and the ones those call, by name. */
function calledFrom(condition: string, functions: Map<string, string>, seen = new Set<string>()): Set<string> {
  for (const [name] of condition.matchAll(/\b(\w+)(?=\()/g)) {
    if (!functions.has(name) || seen.has(name)) continue;
    seen.add(name);
    calledFrom(functions.get(name) ?? '', functions, seen);
  }
  return seen;
}

const READS = ['read', 'get', 'list'];
const WRITES = ['write', 'create', 'update', 'delete'];
const ADMINISTRATOR = 'isAdministrator()';

/**
 * What is wrong with the rules, as sentences; empty when every promise holds. A rule that lets a
 * visitor read, or delete, or write without a check of the exact fields, is named here.
 */
function problemsIn(source: string): string[] {
  const { rules } = rulesOf(source);
  const functions = functionsOf(source);
  const problems: string[] = [];
  const collections = new Set(Object.values(FIRESTORE_COLLECTIONS));
  for (const rule of rules) {
    const where = `${rule.paths.join(' ')}: allow ${rule.methods.join(', ')} if ${rule.condition}`;
    const collection = /^\/(\w+)\/\{\w+\}$/.exec(rule.paths[1] ?? '')?.[1];
    if (rule.paths.length !== 2 || rule.paths[0] !== '/databases/{database}/documents' || collection === undefined || !collections.has(collection as never)) {
      problems.push(`${where}: not one of the collections ${[...collections].join(', ')}`);
      continue;
    }
    const alternatives = rule.condition.split(' || ').map((alternative) => alternative.trim());
    const visitorAlternatives = alternatives.filter((alternative) => alternative !== ADMINISTRATOR);
    // Getting one document of an event's counts, a cancel link's booking or a contact key is open (what booking needs).
    if (rule.methods.join() === 'get' && rule.condition === 'true' && VISITOR_GETS.includes(collection)) continue;
    if (rule.methods.some((method) => READS.includes(method) || method === 'delete' || method === 'write') && rule.condition !== ADMINISTRATOR) {
      problems.push(`${where}: reading and deleting are for administrators only`);
    }
    if (!rule.methods.every((method) => READS.includes(method) || WRITES.includes(method))) problems.push(`${where}: an unknown method`);
    for (const alternative of visitorAlternatives) {
      const called = calledFrom(alternative, functions);
      const bodies = [...called].map((name) => functions.get(name) ?? '');
      if (!bodies.some((body) => /\.keys\(\)\.hasOnly\(\[/.test(body) || /affectedKeys\(\)\.hasOnly\(\[/.test(body))) {
        problems.push(`${where}: '${alternative}' does not check which fields are written`);
      }
    }
  }
  return problems;
}

/** The quoted names in `<call>([...])` of a function's body. */
function listIn(body: string, call: string): string[] {
  const list = new RegExp(`${call.replace(/[.()]/g, '\\$&')}\\(\\[([^\\]]*)\\]`).exec(body)?.[1] ?? '';
  return [...list.matchAll(/'([^']*)'/g)].map((match) => match[1] as string);
}

const source = fs.readFileSync('firestore.rules', 'utf8');
const functions = functionsOf(source);

test('firestore.rules: visitors read nothing but single booking documents by id, delete nothing, and every write of theirs has its fields checked', () => {
  const { service, version, rules } = rulesOf(source);

  expect(version).toBe('2');
  expect(service).toBe('cloud.firestore');
  expect(problemsIn(source)).toEqual([]);
  // Each collection has its rules; any other path matches none and is refused.
  expect(new Set(rules.map((rule) => rule.paths[1]))).toEqual(
    new Set([
      '/subscribers/{id}',
      '/mail/{id}',
      '/templates/{name}',
      '/mailings/{id}',
      '/applications/{id}',
      '/members/{number}',
      '/counters/{name}',
      '/bookingEvents/{eventId}',
      '/bookings/{id}',
      '/bookingTokens/{token}',
      '/bookingKeys/{key}',
      '/settings/{name}',
    ]),
  );
  // What a visitor may get is one document at a time, never a list; bookings themselves never.
  expect(rules.filter((rule) => rule.condition === 'true').map((rule) => [rule.paths[1], rule.methods])).toEqual([
    ['/bookingEvents/{eventId}', ['get']],
    ['/bookingTokens/{token}', ['get']],
    ['/bookingKeys/{key}', ['get']],
  ]);
  // A mail document, once written, is never changed, by anyone: sending a mailing again sends nothing again.
  const mail = rules.filter((rule) => rule.paths[1] === '/mail/{id}');
  expect(mail.flatMap((rule) => rule.methods).sort()).toEqual(['create', 'delete', 'read']);
});

describe('the shapes the rules accept are the ones the adapter writes', () => {
  test('a subscription request: exactly its fields, each bounded, the id the hash of the address', () => {
    const body = functions.get('isSubscriptionRequest') ?? '';

    expect(listIn(body, 'keys().hasOnly')).toEqual([...SUBSCRIBER_REQUEST_FIELDS]);
    expect(listIn(body, 'keys().hasAll')).toEqual([...SUBSCRIBER_REQUEST_FIELDS]);
    for (const field of SUBSCRIBER_REQUEST_FIELDS) expect(body, field).toMatch(new RegExp(`isText\\(data\\.${field},|data\\.${field} (==|in|is) `));
    expect(body).toContain(`data.consentWording == '${SUBSCRIPTION_TEXTS.consentWording}'`);
    expect(/data\.form in \[([^\]]*)\]/.exec(body)?.[1]?.match(/'[^']*'/g)).toEqual(SUBSCRIPTION_FORMS.map((form) => `'${form}'`));
    expect(body).toContain(`isText(data.secret, ${SECRET_LENGTH}, ${SECRET_LENGTH})`);
    expect(body).toContain('hashing.sha256(data.email.lower()).toHexString().lower() == id');
  });

  test('a confirmation mail: a template and its token only, for a request in the same commit', () => {
    const body = functions.get('isConfirmationMail') ?? '';

    expect(listIn(body, 'keys().hasOnly')).toEqual([...MAIL_FIELDS]);
    expect(listIn(body, 'keys().hasAll')).toEqual([...MAIL_FIELDS]);
    expect(body).toContain(`data.template.name == '${CONFIRMATION_TEMPLATE}'`);
    expect(body).toContain("data.template.data.keys().hasOnly(['token'])");
    // 64 hex characters of the address's hash, a dot, the secret.
    expect(body).toContain(`isText(token, ${64 + 1 + SECRET_LENGTH}, ${64 + 1 + SECRET_LENGTH})`);
    expect(body).toContain('getAfter(subscriberPath(parts[0]))');
  });

  test('a membership application: exactly its fields, each bounded as the adapter bounds it, new, with the consent words', () => {
    const body = functions.get('isApplication') ?? '';

    expect(listIn(body, 'keys().hasOnly')).toEqual([...APPLICATION_FIELDS]);
    expect(listIn(body, 'keys().hasAll')).toEqual([...APPLICATION_FIELDS]);
    for (const field of APPLICATION_FIELDS) expect(body, field).toMatch(new RegExp(`(isText|isOptionalText)\\(data\\.${field},|data\\.${field} (==|in|is) `));
    for (const [field, longest] of Object.entries(APPLICATION_LIMITS)) expect(body, field).toMatch(new RegExp(`(isText\\(data\\.${field}, 1|isOptionalText\\(data\\.${field}), ${longest}\\)`));
    expect(body).toContain("data.state == 'new'");
    expect(body).toContain(`data.consentWording == '${APPLICATION_CONSENT_WORDING}'`);
    expect(body).toContain('data.receivedAt == request.time');
    // Members and the counter of their numbers are an administrator's only.
    for (const path of ['/members/{number}', '/counters/{name}']) {
      expect(rulesOf(source).rules.filter((rule) => rule.paths[1] === path).map((rule) => rule.condition)).toEqual([ADMINISTRATOR]);
    }
  });

  test('a booking: exactly its fields, each bounded as the booking form bounds it, numbered by the count in the same commit', () => {
    const body = functions.get('isBooking') ?? '';

    expect(listIn(body, 'keys().hasOnly')).toEqual([...BOOKING_FIELDS]);
    expect(listIn(body, 'keys().hasAll')).toEqual([...BOOKING_FIELDS]);
    for (const field of BOOKING_FIELDS) expect(body, field).toMatch(new RegExp(`isText\\(data\\.${field},|data\\.${field} (==|in|is|!=) `));
    for (const field of ['name', 'email', 'phone', 'answer'] as const) expect(body, field).toMatch(new RegExp(`isText\\(data\\.${field}, \\d, ${BOOKING_LIMITS[field]}\\)`));
    expect(body).toContain('data.places <= event.maxPlaces');
    expect(body).toContain("data.source == 'online'");
    expect(body).toContain('getAfter(bookingEventPath(data.eventId)).data.nextSeq == data.seq + 1');
  });

  test("an event's count: only the counts change, within the places, with the booking or cancellation in the same commit", () => {
    const body = functions.get('isBookingCount') ?? '';

    expect(listIn(body, 'affectedKeys().hasOnly')).toEqual([...BOOKING_COUNT_FIELDS]);
    expect(body).toContain('(before.places == null || after.bookedPlaces <= before.places)');
    expect(body).toContain("added.status == 'booked' && after.bookedPlaces == before.bookedPlaces + added.places");
    expect(body).toContain('before.bookedPlaces + added.places > before.places');
    expect(body).toContain("getAfter(cancelled).data.status == 'cancelled'");
    // Cancelling may take someone off the waiting list, never put anyone on it.
    expect(body).toContain('before.waiting.hasAll(after.waiting)');
    expect(rulesOf(source).rules.find((rule) => rule.paths[1] === '/bookingEvents/{eventId}' && rule.methods.includes('update'))?.condition).toBe(
      'isAdministrator() || isBookingCount(eventId)',
    );
  });

  test("a booking's cancel link, its confirmation mail and cancelling it say what the booking says", () => {
    const token = functions.get('isBookingToken') ?? '';
    const mail = functions.get('isBookingMail') ?? '';

    expect(listIn(token, 'keys().hasOnly')).toEqual([...BOOKING_TOKEN_FIELDS]);
    expect(token).toContain(`isText(token, ${SECRET_LENGTH}, ${SECRET_LENGTH})`);
    expect(listIn(mail, 'data.keys().hasOnly')).toEqual([...MAIL_FIELDS]);
    expect(listIn(mail, 'fill.keys().hasOnly')).toEqual([...BOOKING_TEMPLATE_DATA]);
    expect(mail).toContain('data.to == booking.email');
    expect(listIn(functions.get('isBookingCancellation') ?? '', 'affectedKeys().hasOnly')).toEqual(['status', 'cancelledAt', 'cancelledBy', 'proof']);
    expect(functions.get('isBookingCancellation')).toContain('get(bookingTokenPath(request.resource.data.proof)).data.booking == id');
  });

  test('confirming and leaving change only what they must, with the secret', () => {
    expect(listIn(functions.get('isConfirmation') ?? '', 'affectedKeys().hasOnly')).toEqual(['confirmedAt', 'proof', 'expiresAt']);
    expect(functions.get('isConfirmation')).toContain('request.resource.data.proof == resource.data.secret');
    expect(listIn(functions.get('isLeaving') ?? '', 'keys().hasOnly')).toEqual(['proof', 'leftAt', EXPIRES_FIELD]);
    expect(functions.get('isLeaving')).toContain('request.resource.data.proof == resource.data.secret');
  });
});

test('an administrator is who storage.rules say, by the same check', () => {
  const storage = fs.readFileSync('storage.rules', 'utf8');

  expect(administratorsInRules(source)).toEqual(administratorsInRules(storage));
  expect(functions.get('isAdministrator')).toBe(functionsOf(storage).get('isAdministrator'));
});

test('the static reading finds a rule that opens reading, deleting, or writing without a check of the fields', () => {
  // The checks above must fail on rules that open anything, or they prove nothing.
  const opened = [
    source.replace('match /subscribers/{id} {\n      allow read, delete: if isAdministrator();', 'match /subscribers/{id} {\n      allow read, delete: if true;'),
    source.replace("allow create: if isAdministrator() || isConfirmationMail(id) || isBookingMail(id);", "allow create: if isAdministrator() || request.resource.data.to is string;"),
    source.replace('allow read, write: if isAdministrator();', 'allow read: if isAdministrator();\n      allow write: if request.auth != null;'),
    source.replace('// Anything else', 'match /{document=**} { allow read: if isAdministrator(); }\n    // Anything else'),
    source.replace(
      "data.keys().hasOnly(['email', 'name', 'form', 'consentWording', 'requestedAt', 'confirmedAt', 'secret', 'expiresAt'])\n        && ",
      '',
    ),
    source.replace('allow create: if isAdministrator() || isApplication();', 'allow create, update: if isAdministrator() || request.resource.data.state == \'new\';'),
    source.replace('match /bookings/{id} {\n      allow read, delete: if isAdministrator();', 'match /bookings/{id} {\n      allow get: if true;\n      allow read, delete: if isAdministrator();'),
  ];
  for (const rules of opened) expect(rules).not.toBe(source);

  expect(problemsIn(opened[0] ?? '')).toContainEqual(expect.stringContaining('reading and deleting are for administrators only'));
  expect(problemsIn(opened[1] ?? '')).toContainEqual(expect.stringContaining('does not check which fields are written'));
  expect(problemsIn(opened[2] ?? '')).toContainEqual(expect.stringContaining('reading and deleting are for administrators only'));
  expect(problemsIn(opened[3] ?? '')).toContainEqual(expect.stringContaining('not one of the collections'));
  expect(problemsIn(opened[5] ?? '')).toContainEqual(expect.stringContaining('does not check which fields are written'));
  expect(problemsIn(opened[6] ?? '')).toContainEqual(expect.stringContaining('reading and deleting are for administrators only'));
  expect(listIn(functionsOf(opened[4] ?? '').get('isSubscriptionRequest') ?? '', 'keys().hasOnly')).not.toEqual([...SUBSCRIBER_REQUEST_FIELDS]);
});

test('the deploy configuration deploys these rules with the site and the Storage rules', () => {
  const config = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as { firestore?: { rules?: string } };
  const guide = fs.readFileSync('docs/hosted.md', 'utf8');

  expect(config.firestore?.rules).toBe('firestore.rules');
  const deploy = /firebase deploy --only (\S+)/.exec(guide)?.[1]?.split(',') ?? [];
  expect(deploy).toEqual(expect.arrayContaining(['hosting', 'storage', 'firestore:rules']));
});
