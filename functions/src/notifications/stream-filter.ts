/**
 * The stream records that reach the notifier (Lambda event filtering in CDK, and the same patterns
 * in the local stream poller): a transaction's update into a status someone is told about, a
 * KYC submission's update to approved or rejected, and a payout's update into an outcome (issue 30), a package's
 * update while active or into stopped (issue 32: paid and stopped are told once per package; the
 * renewal notice is scheduled when it becomes active). No imports: cheap to load for CDK and the poller.
 */

/** The statuses of a payout its tutor is told of (notifications/changes.ts, notificationOfPayout). */
export const PAYOUT_OUTCOME_STATUSES = ['paid', 'failed', 'reversed', 'cancelled'] as const;

/** The statuses a change into which may tell someone something (notifications/changes.ts). */
export const NOTIFYING_STATUSES = ['requested', 'escrow', 'refund_pending', 'refunded', 'released', 'disputed'] as const;

export const NOTIFIER_EVENT_PATTERNS = [
  { eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['TRANSACTION'] } }, NewImage: { status: { S: [...NOTIFYING_STATUSES] } } } },
  { eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['KYC'] } }, NewImage: { status: { S: ['approved', 'rejected'] } } } },
  { eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['PAYOUT'] } }, NewImage: { status: { S: [...PAYOUT_OUTCOME_STATUSES] } } } },
  // Issue 32: a package paid (told once to each side; its renewal notice is scheduled when it
  // becomes active), or stopped by its parent (told once to each side).
  { eventName: ['MODIFY'], dynamodb: { Keys: { sk: { S: ['PACKAGE'] } }, NewImage: { status: { S: ['active', 'stopped'] } } } },
] as const;
