/**
 * Recording the admin's TOTP enrolment (the rule is commons/second-factor.ts's), apart from the
 * check every admin route runs: only the enrolment route's bundle carries the update it writes.
 */
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import { isConditionalCheckFailure, ProfileEntity } from './db.js';
import { ConflictError } from './errors.js';
import { type SessionOfAdmin, totpEnabledInCognito } from './second-factor.js';

/**
 * Records the enrolment once Cognito has TOTP on for the admin (asked afresh, not from the
 * cache). Conditional: the profile exists, is an admin's, and any earlier enrolment is older —
 * every session begun before now, this one included, must then sign in again with a code.
 */
export async function recordEnrolment(session: SessionOfAdmin, now = new Date()): Promise<string> {
  if (!(await totpEnabledInCognito(session.username ?? session.userId, { fresh: true }))) {
    throw new ConflictError(messages.mfa.notEnabled);
  }
  const at = now.toISOString();
  try {
    await ProfileEntity.build(UpdateItemCommand)
      .item({ user_id: session.userId, mfa_enrolled_at: at })
      .options({
        condition: {
          and: [
            { attr: 'user_id', exists: true },
            { attr: 'role', eq: 'admin' },
            { or: [{ attr: 'mfa_enrolled_at', exists: false }, { attr: 'mfa_enrolled_at', lt: at }] },
          ],
        },
      })
      .send();
  } catch (error) {
    // No admin profile, or a newer enrolment recorded meanwhile.
    if (isConditionalCheckFailure(error)) throw new ConflictError();
    throw error;
  }
  return at;
}
