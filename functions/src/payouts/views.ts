/**
 * What the browser reads of a payout, a destination and a wallet (shared/src/payouts-schemas.ts):
 * the tutor's own number in full on their destination, only its masked form on a payout; never an
 * index key, a provider's raw answer or an admin's note. `blockedReason` is the one order of the
 * refusals of 'Retirer', shared by the wallet's view and the withdrawal itself.
 */
import { lessonTimeLabel } from '#shared/french-dates';
import { messages } from '#shared/messages';
import {
  formatIvorianPhone,
  maskedPhone,
  OPERATOR_RULES,
  PAYOUT_FAILURE_REASONS,
  PAYOUT_MIN_AMOUNT,
  PAYOUT_STATUS_DESCRIPTIONS,
  PAYOUT_STATUS_LABELS,
} from '#shared/payouts';
import type { AdminPayoutView, DestinationView, PayoutView, WalletView } from '#shared/payouts-schemas';
import type { Payout, PayoutDestination, Wallet } from './settle.js';

export function toPayoutView(payout: Payout): PayoutView {
  return {
    id: payout.id,
    amount: payout.amount,
    fee: payout.fee,
    net: payout.net,
    operator: payout.operator,
    operator_label: OPERATOR_RULES[payout.operator].label,
    phone_masked: maskedPhone(payout.phone),
    status: payout.status,
    status_label: PAYOUT_STATUS_LABELS[payout.status],
    status_description: PAYOUT_STATUS_DESCRIPTIONS[payout.status],
    failure_reason: payout.failure_reason ? PAYOUT_FAILURE_REASONS[payout.failure_reason] : null,
    created_at: payout.created_at,
    updated_at: payout.updated_at,
    sent_at: payout.sent_at ?? null,
    paid_at: payout.paid_at ?? null,
    returned_at: payout.returned_at ?? null,
  };
}

export function toAdminPayoutView(payout: Payout): AdminPayoutView {
  return {
    ...toPayoutView(payout),
    tutor_user_id: payout.tutor_user_id,
    tutor_name: payout.tutor_name,
    phone: payout.phone,
    holder_name: payout.holder_name,
    provider: payout.provider,
    provider_reference: payout.provider_reference ?? null,
    attention: payout.attention ?? null,
    admin_notes: payout.admin_notes ?? null,
  };
}

export function toDestinationView(destination: PayoutDestination, now: Date): DestinationView {
  return {
    operator: destination.operator,
    operator_label: OPERATOR_RULES[destination.operator].label,
    phone: formatIvorianPhone(destination.phone),
    holder_name: destination.holder_name,
    status: destination.status,
    name_matches_kyc: destination.name_matches_kyc,
    changed_at: destination.changed_at,
    hold_until: Date.parse(destination.hold_until) > now.getTime() ? destination.hold_until : null,
  };
}

/** 'Mardi 1er décembre, 09:00': the end of a destination's hold, as the tutor reads it. */
export const holdLabel = (holdUntil: string) => lessonTimeLabel(holdUntil);

export interface WithdrawalGates {
  kycApproved: boolean;
  wallet: Pick<Wallet, 'releases' | 'current_payout_id'> | null;
  destination: Pick<PayoutDestination, 'status' | 'hold_until'> | null;
  now: Date;
}

/** Why 'Retirer' is refused now (French), in the order the product checks it; null when it is not. */
export function blockedReason({ kycApproved, wallet, destination, now }: WithdrawalGates): string | null {
  const m = messages.payouts;
  if (!kycApproved) return m.kycRequired;
  if ((wallet?.releases ?? 0) < 1) return m.firstLessonRequired;
  if (!destination) return m.destinationRequired;
  if (destination.status === 'review') return m.destinationInReview;
  if (destination.status === 'rejected') return m.destinationRejected;
  if (destination.status === 'failed') return m.destinationFailed;
  if (Date.parse(destination.hold_until) > now.getTime()) return m.destinationOnHold(holdLabel(destination.hold_until));
  if (wallet?.current_payout_id) return m.payoutInFlight;
  return null;
}

export function toWalletView(input: {
  wallet: Wallet | null;
  held: number;
  destination: PayoutDestination | null;
  blockedReason: string | null;
  currentPayout: Payout | null;
  now: Date;
}): WalletView {
  const { wallet } = input;
  return {
    available: wallet?.available ?? 0,
    held: input.held,
    in_flight: wallet?.in_flight ?? 0,
    paid_out: wallet?.paid_out ?? 0,
    destination: input.destination ? toDestinationView(input.destination, input.now) : null,
    blocked_reason: input.blockedReason,
    min_amount: PAYOUT_MIN_AMOUNT,
    current_payout: input.currentPayout ? toPayoutView(input.currentPayout) : null,
  };
}
