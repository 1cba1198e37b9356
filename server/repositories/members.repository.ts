import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';
import type { ApplicationRow } from './applications.repository';

export interface MemberRow {
  number: number;
  application_id: number | null;
  name: string;
  address: string;
  eircode: string | null;
  phone: string | null;
  email: string | null;
  email_key: string | null;
  branch_id: number | null;
  background: string;
  nmbi_pin: string | null;
  status: 'active';
  joined_on: string;
  paid_until: string | null;
  welcome_letter_to_post: number;
  created_at: number;
}

export interface MembersRepository {
  /**
   * A member from an approved application, with the next membership number. AUTOINCREMENT never
   * gives a number twice, even once the highest has been erased. A member without e-mail is
   * marked for a welcome letter by post.
   */
  addFrom(application: ApplicationRow, joinedOn: string, at: number): MemberRow;
  get(number: string): MemberRow | undefined;
  byApplication(applicationId: number): MemberRow | undefined;
  list(onlyLettersToPost: boolean): MemberRow[];
  /** False when the member has no letter waiting. */
  markLetterPosted(number: number): boolean;
  /** Deletes the member's row; their mail is forgotten with their application's. */
  remove(number: number): boolean;
}

export function createMembersRepository(db: Db): MembersRepository {
  const insert = prepareReturningWrite<
    [number, string, string, string | null, string | null, string | null, string | null, number | null, string, string | null, string, number, number],
    MemberRow
  >(
    db,
    `INSERT INTO members (application_id, name, address, eircode, phone, email, email_key, branch_id, background, nmbi_pin, status, joined_on, paid_until, welcome_letter_to_post, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, NULL, ?, ?) RETURNING *`,
  );
  const byNumber = db.prepare<[number], MemberRow>('SELECT * FROM members WHERE number = ?');
  const byApplication = db.prepare<[number], MemberRow>('SELECT * FROM members WHERE application_id = ?');
  const everyone = db.prepare<[], MemberRow>('SELECT * FROM members ORDER BY number LIMIT 10000');
  const lettersToPost = db.prepare<[], MemberRow>('SELECT * FROM members WHERE welcome_letter_to_post = 1 ORDER BY number');
  const posted = db.prepare<[number]>('UPDATE members SET welcome_letter_to_post = 0 WHERE number = ? AND welcome_letter_to_post = 1');
  const deleteOne = db.prepare<[number]>('DELETE FROM members WHERE number = ?');

  return {
    addFrom(a, joinedOn, at) {
      const row = insert.first(
        a.id, a.name, a.address, a.eircode, a.phone, a.email, a.email_key, a.branch_id, a.background, a.nmbi_pin, joinedOn, a.email === null ? 1 : 0, at,
      );
      if (row === undefined) throw new Error('The member was not stored.');
      return row;
    },
    get(number) {
      return /^[1-9][0-9]{0,14}$/.test(number) ? byNumber.get(Number(number)) : undefined;
    },
    byApplication: (applicationId) => byApplication.get(applicationId),
    list: (onlyLettersToPost) => (onlyLettersToPost ? lettersToPost.all() : everyone.all()),
    markLetterPosted: (number) => posted.run(number).changes > 0,
    remove: (number) => deleteOne.run(number).changes > 0,
  };
}
