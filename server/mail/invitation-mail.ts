import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Mail from 'nodemailer/lib/mailer';
import { INVITATION_HOURS, ROLE_DUTIES, ROLE_NAMES } from '../../src-core/domain/roles';
import { invitationLink } from '../../src-core/domain/team';
import type { ClaimedMail } from '../repositories/mail-queue.repository';
import { ASSOCIATION, letterMail } from './member-mail';

const INVITATION_MS = INVITATION_HOURS * 60 * 60 * 1000;

/**
 * The invitation to join the website's team, made when it is sent: a new token for the link,
 * of which only a hash is stored, working for 48 hours from now. Undefined when the invitation
 * was withdrawn or replaced in the meantime.
 */
export function queuedInvitationMail(app: FastifyInstance, mail: ClaimedMail, from: string, origin: string, messageId: string): Mail.Options | undefined {
  const invitation = mail.payload === undefined ? undefined : app.invitations.get(Number(mail.payload));
  if (invitation === undefined) return undefined;
  // 192 random bits, as the session tokens.
  const token = randomBytes(24).toString('base64url');
  if (!app.invitations.setToken(invitation.id, token, app.clock() + INVITATION_MS)) return undefined;
  const link = invitationLink(origin, token);
  const branchName = invitation.branchId === null ? undefined : app.branches.get(String(invitation.branchId))?.name;
  const role = `${ROLE_NAMES[invitation.role].toLowerCase()}${branchName === undefined ? '' : ` of ${branchName}`}`;
  return letterMail(
    { from, to: mail.address, messageId, details: app.associationDetails.get() },
    {
      subject: `You are invited to help run the ${ASSOCIATION} website`,
      heading: 'You are invited to the website team',
      paragraphs: [
        `${invitation.invitedBy} has invited you to help run the association's website as ${role}: ${ROLE_DUTIES[invitation.role].toLowerCase()}`,
        `To accept, open the link below and choose a password. You will sign in with this e-mail address, ${invitation.email}. The link works once, for ${INVITATION_HOURS} hours.`,
        'If you did not expect this e-mail, you can ignore it.',
      ],
      action: { text: 'Accept the invitation', href: link },
    },
  );
}
