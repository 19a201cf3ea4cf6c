/**
 * A payout's lifecycle as data and as a pure state machine over (wallet, payouts, ledger): what
 * settle.ts and the withdrawal do in conditional DynamoDB transactions, without DynamoDB. The
 * rules (`PAYOUT_STEPS`) are the ones settle.ts writes with; the pure functions are the property
 * tests' model, and say what must hold: one status at a time, each movement once, every movement
 * balanced, the wallet equal to its ledger, the available balance never below zero.
 */
import type { PayoutProviderName, PayoutStatus } from '#shared/payouts';
import type { PayoutMovement } from './entities.js';
import { payoutLedgerLines, type PayoutParties } from './ledger.js';
import { accounts } from '../escrow/ledger.js';

export type PayoutStep = 'send' | 'pay' | 'fail' | 'reverse' | 'cancel' | 'flag';

/** What a step adds to the wallet's counters (ADD), from the payout's amounts. */
export interface WalletDelta {
  available?: number;
  in_flight?: number;
  paid_out?: number;
  fees?: number;
}

export interface PayoutStepRule {
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  movement?: PayoutMovement;
  wallet?: (payout: { amount: number; fee: number; net: number }) => WalletDelta;
  /** The payout leaves the flight: the wallet's `current_payout_id` (which must be it) is removed. */
  endsFlight?: boolean;
  /** The destination it went to is marked `failed` (never sent to again automatically). */
  marksDestination?: boolean;
}

const IN_FLIGHT = ['requested', 'sent', 'needs_attention'] as const satisfies readonly PayoutStatus[];

export const PAYOUT_STEPS: Record<PayoutStep, PayoutStepRule> = {
  send: { from: ['requested'], to: 'sent' },
  flag: { from: ['requested', 'sent'], to: 'needs_attention' },
  pay: {
    from: IN_FLIGHT,
    to: 'paid',
    movement: 'payout_paid',
    wallet: ({ amount, fee, net }) => ({ in_flight: -amount, paid_out: net, fees: fee }),
    endsFlight: true,
  },
  fail: {
    from: IN_FLIGHT,
    to: 'failed',
    movement: 'payout_returned',
    wallet: ({ amount }) => ({ available: amount, in_flight: -amount }),
    endsFlight: true,
    marksDestination: true,
  },
  // An admin's cancellation returns the money like a failure; the destination is not blamed for it.
  cancel: {
    from: IN_FLIGHT,
    to: 'cancelled',
    movement: 'payout_returned',
    wallet: ({ amount }) => ({ available: amount, in_flight: -amount }),
    endsFlight: true,
  },
  reverse: {
    from: ['paid'],
    to: 'reversed',
    movement: 'payout_reversed',
    wallet: ({ amount, fee, net }) => ({ available: amount, paid_out: -net, fees: -fee }),
    marksDestination: true,
  },
};

// ---------------------------------------------------------------------------------------------
// The pure model (one tutor).

export interface WalletModel {
  available: number;
  in_flight: number;
  paid_out: number;
  fees: number;
  released_total: number;
  releases: number;
  current_payout_id: string | null;
}

export interface PayoutModel {
  id: string;
  amount: number;
  fee: number;
  net: number;
  provider: PayoutProviderName;
  status: PayoutStatus;
}

export interface ModelLine {
  /** The transaction's or the payout's id: each (owner, movement) is written once. */
  owner: string;
  movement: string;
  account: string;
  debit: number;
  credit: number;
}

export interface Books {
  tutorUserId: string;
  wallet: WalletModel;
  payouts: Record<string, PayoutModel>;
  ledger: ModelLine[];
  destinationFailed: boolean;
}

export function emptyBooks(tutorUserId: string): Books {
  return {
    tutorUserId,
    wallet: { available: 0, in_flight: 0, paid_out: 0, fees: 0, released_total: 0, releases: 0, current_payout_id: null },
    payouts: {},
    ledger: [],
    destinationFailed: false,
  };
}

/**
 * A release (or a late cancellation's compensation) of one transaction credits the tutor: the
 * escrow's lines for the tutor's side (escrow debited, tutor and commission credited) and the
 * wallet update transitions.ts writes with them.
 */
export function deposit(books: Books, transactionId: string, movement: 'release' | 'compensation', tutorShare: number, commission: number): Books {
  if (books.ledger.some((line) => line.owner === transactionId && line.movement === movement)) return books;
  const lines: ModelLine[] = [
    { owner: transactionId, movement, account: accounts.escrow(transactionId), debit: tutorShare + commission, credit: 0 },
    { owner: transactionId, movement, account: accounts.tutor(books.tutorUserId), debit: 0, credit: tutorShare },
    { owner: transactionId, movement, account: accounts.commission, debit: 0, credit: commission },
  ];
  const wallet = {
    ...books.wallet,
    available: books.wallet.available + tutorShare,
    released_total: books.wallet.released_total + tutorShare,
    releases: books.wallet.releases + (movement === 'release' ? 1 : 0),
  };
  return { ...books, wallet, ledger: [...books.ledger, ...lines] };
}

export type WithdrawResult = { ok: true; books: Books } | { ok: false; reason: 'insufficient' | 'in_flight' | 'first_lesson' | 'duplicate' };

/** The withdrawal's conditional write: all of it, or nothing. */
export function withdraw(books: Books, payout: Omit<PayoutModel, 'status'>): WithdrawResult {
  const { wallet } = books;
  if (books.payouts[payout.id]) return { ok: false, reason: 'duplicate' };
  if (wallet.releases < 1) return { ok: false, reason: 'first_lesson' };
  if (wallet.current_payout_id) return { ok: false, reason: 'in_flight' };
  if (wallet.available < payout.amount) return { ok: false, reason: 'insufficient' };
  const lines = payoutLedgerLines('withdrawal', partiesOf(books, payout)).map((line) => ({ owner: payout.id, ...line }));
  return {
    ok: true,
    books: {
      ...books,
      wallet: { ...wallet, available: wallet.available - payout.amount, in_flight: wallet.in_flight + payout.amount, current_payout_id: payout.id },
      payouts: { ...books.payouts, [payout.id]: { ...payout, status: 'requested' } },
      ledger: [...books.ledger, ...lines],
    },
  };
}

/** A settlement step as settle.ts writes it; a step whose status is gone changes nothing. */
export function settle(books: Books, payoutId: string, step: PayoutStep): { applied: boolean; books: Books } {
  const payout = books.payouts[payoutId];
  const rule = PAYOUT_STEPS[step];
  if (!payout || !rule.from.includes(payout.status)) return { applied: false, books };
  if (rule.endsFlight && books.wallet.current_payout_id !== payoutId) return { applied: false, books };
  if (rule.movement && books.ledger.some((line) => line.owner === payoutId && line.movement === rule.movement)) return { applied: false, books };
  const delta = rule.wallet?.(payout) ?? {};
  const wallet: WalletModel = {
    ...books.wallet,
    available: books.wallet.available + (delta.available ?? 0),
    in_flight: books.wallet.in_flight + (delta.in_flight ?? 0),
    paid_out: books.wallet.paid_out + (delta.paid_out ?? 0),
    fees: books.wallet.fees + (delta.fees ?? 0),
    current_payout_id: rule.endsFlight ? null : books.wallet.current_payout_id,
  };
  const lines = rule.movement ? payoutLedgerLines(rule.movement, partiesOf(books, payout)).map((line) => ({ owner: payoutId, ...line })) : [];
  return {
    applied: true,
    books: {
      ...books,
      wallet,
      payouts: { ...books.payouts, [payoutId]: { ...payout, status: rule.to } },
      ledger: [...books.ledger, ...lines],
      destinationFailed: books.destinationFailed || Boolean(rule.marksDestination),
    },
  };
}

function partiesOf(books: Books, payout: Omit<PayoutModel, 'status'>): PayoutParties {
  return { payoutId: payout.id, tutorUserId: books.tutorUserId, provider: payout.provider, amount: payout.amount, fee: payout.fee, net: payout.net };
}
