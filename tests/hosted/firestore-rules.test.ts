// firestore.rules read as text: the Firestore emulator needs Java 21 and a download, which the
// machines this project is tested on do not have, so the rules are checked statically here.
import fs from 'node:fs';
import { expect, test } from 'vitest';

interface Rule {
  /** The match paths around the rule, outermost first. */
  readonly paths: readonly string[];
  readonly methods: readonly string[];
  readonly condition: string;
}

/** The rules file without its comments (Firestore's rules language has only `//` comments). */
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
        condition: condition?.trim() ?? 'true',
      });
    } else if (whole === '{') stack.push(null);
    else stack.pop();
  }
  return { service, version, rules };
}

const source = fs.readFileSync('firestore.rules', 'utf8');

test('firestore.rules refuse every read and write of every document, whoever asks', () => {
  const { service, version, rules } = rulesOf(source);

  expect(version).toBe('2');
  expect(service).toBe('cloud.firestore');
  // Firestore refuses what no rule allows; every rule here allows nothing.
  expect(rules.length).toBeGreaterThan(0);
  for (const rule of rules) expect(rule.condition, `${rule.paths.join(' ')}: allow ${rule.methods.join(', ')}`).toBe('false');
  // And the one rule covers every path of every database, so a refusal is written down for all of them.
  expect(rules).toContainEqual({ paths: ['/databases/{database}/documents', '/{document=**}'], methods: ['read', 'write'], condition: 'false' });
});

test('the static reading of the rules sees an allowed path where there is one', () => {
  // The check above must fail on rules that open anything, or it proves nothing.
  const open = source.replace('allow read, write: if false;', 'allow read, write: if false;\n    }\n    match /posts/{post} {\n      allow read: if true;');
  const openRules = rulesOf(open).rules;
  expect(openRules).toContainEqual({ paths: ['/databases/{database}/documents', '/posts/{post}'], methods: ['read'], condition: 'true' });

  const bare = rulesOf("service cloud.firestore { match /databases/{d}/documents { match /x/{y} { allow get; } } }").rules;
  expect(bare).toEqual([{ paths: ['/databases/{d}/documents', '/x/{y}'], methods: ['get'], condition: 'true' }]);
});

test('the deploy configuration deploys these rules with the site and the Storage rules', () => {
  const config = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as { firestore?: { rules?: string } };
  const guide = fs.readFileSync('docs/hosted.md', 'utf8');

  expect(config.firestore?.rules).toBe('firestore.rules');
  const deploy = /firebase deploy --only (\S+)/.exec(guide)?.[1]?.split(',') ?? [];
  expect(deploy).toEqual(expect.arrayContaining(['hosting', 'storage', 'firestore:rules']));
});
