import { randomBytes } from 'node:crypto';
import type { AccountsRepository } from '../repositories/accounts.repository';
import type { PasswordHasher } from './password-hash';

/**
 * With administrators configured and no account at all, the first address gets an account
 * with a random password, printed this once. There is never a default password.
 */
export async function ensureFirstAdministrator(deps: {
  accounts: AccountsRepository;
  hasher: PasswordHasher;
  adminEmails: readonly string[];
  at: string;
  announce: (text: string) => void;
}): Promise<string | undefined> {
  const [email] = deps.adminEmails;
  if (email === undefined || deps.accounts.count() > 0) return undefined;
  // 144 random bits, 24 characters of letters, digits, '-' and '_'.
  const password = randomBytes(18).toString('base64url');
  deps.accounts.save(email, await deps.hasher.hash(password), deps.at, 'administrator');
  const rule = '='.repeat(72);
  deps.announce(
    [
      '',
      rule,
      'First administrator account created.',
      `  E-mail:   ${email}`,
      `  Password: ${password}`,
      'This password is shown only this once. Sign in at /login and keep it somewhere safe,',
      `or choose your own with: npm run admin -- set-password ${email}`,
      rule,
      '',
    ].join('\n'),
  );
  return email;
}
