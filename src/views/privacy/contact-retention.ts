/**
 * How long a contact message is kept before it is deleted. The privacy policy quotes this
 * number, so whatever prunes old messages must use it too and the two can never disagree.
 */
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12;
