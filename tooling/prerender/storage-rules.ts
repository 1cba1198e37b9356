/**
 * storage.rules hold their own list of administrators (the rules cannot read the build's
 * settings), which must be the same as VITE_ADMIN_EMAILS: an address only on the build's list
 * sees an admin area whose uploads Storage refuses, and one only on the rules' list may write
 * files without the site showing it an admin area. The hosted build stops when they differ.
 */
const ADMIN_LIST = /request\.auth\.token\.email\.lower\(\) in \[([^\]]*)\]/g;

/**
 * The addresses in the rules' isAdministrator list, as written (in lower case, as the rules compare them).
 * @internal Outside this file only tests and fakes use it.
 */
export function administratorsInRules(rules: string): string[] {
  const lists = [...rules.matchAll(ADMIN_LIST)];
  if (lists.length !== 1) throw new Error(`storage.rules should have one administrator list (email.lower() in [...]), not ${lists.length}.`);
  return [...(lists[0]?.[1] ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

/** Why the rules' list and VITE_ADMIN_EMAILS (comma-separated) disagree, or null when they hold the same addresses. */
export function administratorsDisagree(rules: string, adminEmails: string): string | null {
  const inRules = administratorsInRules(rules);
  const inBuild = adminEmails
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
  const notLowerCase = inRules.filter((email) => email !== email.toLowerCase());
  const onlyInBuild = inBuild.filter((email) => !inRules.includes(email));
  const onlyInRules = inRules.filter((email) => !inBuild.includes(email));
  const problems = [
    ...(onlyInBuild.length > 0 ? [`VITE_ADMIN_EMAILS has ${onlyInBuild.join(', ')}, which storage.rules do not`] : []),
    ...(onlyInRules.length > 0 ? [`storage.rules have ${onlyInRules.join(', ')}, which VITE_ADMIN_EMAILS does not`] : []),
    ...(notLowerCase.length > 0 ? [`storage.rules must list ${notLowerCase.join(', ')} in lower case`] : []),
  ];
  return problems.length === 0
    ? null
    : `The administrators in storage.rules and VITE_ADMIN_EMAILS must be the same: ${problems.join('; ')}. Change one of them (docs/hosted.md, step 3).`;
}
