/**
 * `npm run admin -- <command>`: manages accounts in the data directory (DATA_DIR), also while
 * the server runs. Commands:
 *   add EMAIL [--password-stdin]            create an account (asks for the password)
 *   set-password EMAIL [--password-stdin]   choose a new password; signs the account out everywhere
 *   remove EMAIL                            delete an account
 *   list                                    list accounts with their role, and which are suspended
 *   make-administrator EMAIL                make an account an active administrator again (recovery)
 *   remove-samples                          delete the sample posts, files and details made at first start
 *   reset-2fa EMAIL                         turn off two-step sign-in for an account (a lost phone)
 *   audit [--email EMAIL] [--kind KIND] [--limit N]   print the audit trail, newest first
 */
import { isAdministrator, normaliseEmail } from '../../src-core/domain/administrator';
import { ROLE_NAMES } from '../../src-core/domain/roles';
import { hasErrors, validateLogin, validatePassword } from '../../src-core/domain/validation';
import { createLimiter } from '../auth/limiter';
import { createPasswordHasher } from '../auth/password-hash';
import { removeSampleContent } from '../content/sample-content';
import { createAssociationDetailsRepository } from '../repositories/association-details.repository';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { createEventFiles } from '../events/event-files';
import { createFileStore } from '../files/file-store';
import { createEventDetailsRepository } from '../repositories/event-details.repository';
import { createAccountsRepository } from '../repositories/accounts.repository';
import { createAuditRepository } from '../repositories/audit.repository';
import { createBranchesRepository } from '../repositories/branches.repository';
import { createPostsRepository } from '../repositories/posts.repository';
import { createTwoStepRepository } from '../repositories/two-step.repository';
import { auditOptions, formatAuditEntries } from './audit-printout';
import { createSessionsRepository } from '../repositories/sessions.repository';
import { promptHidden, readPasswordFromStdin } from './password-input';

const USAGE = `Usage: npm run admin -- <command>
  add EMAIL [--password-stdin]           create an account (asks for its password)
  set-password EMAIL [--password-stdin]  choose a new password for an account
  remove EMAIL                           delete an account
  list                                   list the accounts
  make-administrator EMAIL               make an account an active administrator again
  remove-samples                         delete the sample posts, files and details
  reset-2fa EMAIL                        turn off two-step sign-in for an account (a lost phone)
  audit [--email EMAIL] [--kind KIND] [--limit N]
                                         print the audit trail, newest first`;

class UsageError extends Error {}

async function choosePassword(fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) {
    password = await readPasswordFromStdin();
  } else {
    if (!process.stdin.isTTY) throw new UsageError('No terminal to ask for the password on: pass --password-stdin and pipe it in.');
    password = await promptHidden('New password (12 to 128 characters): ');
    const again = await promptHidden('The same password again: ');
    if (again !== password) throw new UsageError('The two passwords were not the same. Nothing was changed.');
  }
  const problem = validatePassword(password);
  if (problem !== null) throw new UsageError(`${problem} Nothing was changed.`);
  return password;
}

function emailArgument(value: string | undefined): string {
  const email = normaliseEmail(value ?? '');
  const errors = validateLogin({ email, password: 'x' });
  if (hasErrors(errors)) throw new UsageError(errors.email ?? 'Please give an e-mail address.');
  return email;
}

async function run(args: string[], config: Config): Promise<string> {
  const fromStdin = args.includes('--password-stdin');
  const [command, target] = args.filter((arg) => arg !== '--password-stdin');
  // Parsed before the database is opened, so a mistyped option changes nothing.
  const auditFilter = command === 'audit' ? auditOptions(args.slice(1), (message) => new UsageError(`${message}\n\n${USAGE}`)) : undefined;
  const { db } = openDatabase(config.dataDir);
  try {
    const accounts = createAccountsRepository(db);
    const audit = createAuditRepository(db);
    const hasher = createPasswordHasher(config.passwordHashCost, createLimiter(1, 1));
    const now = new Date().toISOString();
    switch (command) {
      case 'add': {
        const email = emailArgument(target);
        if (accounts.find(email) !== undefined) {
          throw new UsageError(`${email} already has an account. To change its password: npm run admin -- set-password ${email}`);
        }
        accounts.save(email, await hasher.hash(await choosePassword(fromStdin)), now, 'administrator');
        return `Added an account for ${email}. It is an administrator.`;
      }
      case 'set-password': {
        const email = emailArgument(target);
        if (accounts.find(email) === undefined) throw new UsageError(`${email} has no account. To create one: npm run admin -- add ${email}`);
        accounts.save(email, await hasher.hash(await choosePassword(fromStdin)), now);
        const ended = createSessionsRepository(db).removeForEmail(email);
        audit.record({ actor: email, kind: 'password-changed', detail: 'by npm run admin -- set-password' }, Date.now());
        return `Changed the password for ${email}.${ended > 0 ? ' It was signed out everywhere.' : ''}`;
      }
      case 'reset-2fa': {
        const email = emailArgument(target);
        if (accounts.find(email) === undefined) throw new UsageError(`${email} has no account.`);
        if (!createTwoStepRepository(db).disable(email)) return `${email} did not have two-step sign-in. Nothing was changed.`;
        const ended = createSessionsRepository(db).removeForEmail(email);
        audit.record({ actor: email, kind: 'two-step-reset', detail: 'by npm run admin -- reset-2fa' }, Date.now());
        const required = config.requireTwoStep ? ' This website requires it, so they will be asked to set it up again after signing in.' : '';
        return `Turned off two-step sign-in for ${email}; they sign in with their password alone now.${ended > 0 ? ' They were signed out everywhere.' : ''}${required}`;
      }
      case 'audit':
        return formatAuditEntries(audit.list(auditFilter ?? { limit: 200 }));
      case 'remove': {
        const email = emailArgument(target);
        if (!accounts.remove(email)) throw new UsageError(`${email} has no account.`);
        return `Removed the account for ${email}.`;
      }
      case 'list': {
        const all = accounts.summaries();
        const branches = createBranchesRepository(db);
        if (all.length === 0) return 'There are no accounts.';
        return all
          .map((account) => {
            const role = isAdministrator({ email: account.email }, config.adminEmails) ? 'administrator' : account.role;
            const branch = role === account.role && account.branchId !== null ? branches.get(String(account.branchId)) : undefined;
            const roleWords = role === null ? 'no role' : `${ROLE_NAMES[role].toLowerCase()}${branch === undefined ? '' : ` of ${branch.name}`}`;
            const words = [roleWords, ...(account.suspended ? ['suspended'] : [])];
            return `${account.email}  (${words.join(', ')})`;
          })
          .join('\n');
      }
      case 'make-administrator': {
        const email = emailArgument(target);
        if (accounts.find(email) === undefined) throw new UsageError(`${email} has no account. To create one: npm run admin -- add ${email}`);
        accounts.setRole(email, 'administrator', null, now);
        accounts.setSuspended(email, null, now);
        audit.record({ actor: email, kind: 'role-changed', detail: `${email}: made an active administrator by npm run admin -- make-administrator` }, Date.now());
        return `${email} is an active administrator now.`;
      }
      case 'remove-samples': {
        const files = createFileStore(config.dataDir);
        const events = createEventFiles({ files, details: createEventDetailsRepository(db), timeZone: config.timeZone });
        const removed = await removeSampleContent({
          posts: createPostsRepository(db),
          files,
          events,
          details: createAssociationDetailsRepository(db),
        });
        return removed === 0 ? 'There was no sample content left.' : `Removed ${removed} sample posts, files and details.`;
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    db.close();
  }
}

try {
  console.log(await run(process.argv.slice(2), loadConfig()));
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
