/**
 * What the packages' integration tests share: a tutor offering every day, a package request, a
 * package booked and paid (the one payment confirmed on each lesson, as packages/payment.ts does
 * for a verified `kalan-pkg-` reference), and the package item as the table holds it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { WEEK_DAYS } from '#shared/constants';
import { abidjanDate } from '#shared/lesson-slots';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from './access-fixtures.js';
import { db, sandboxControl, workflowWaitingIn } from './payments-helpers.js';
import { useStackEnvironment } from './search-support.js';

const DAY = 86_400_000;
export const EVERY_DAY = WEEK_DAYS.map((day) => ({ day, available: true, slots: [{ start: '08:00', end: '21:00' }] }));

export interface PackageTutor {
  user: TestUser;
  id: string;
}

/** A published tutor (4 000 FCFA/h) offering every day 08:00–21:00. */
export async function tutorEveryDay(names: { firstName?: string; lastName?: string } = {}): Promise<PackageTutor> {
  const user = await newUser('tuteur', names);
  const saved = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody({ availability_schedule: EVERY_DAY }) });
  expect(saved.status, saved.text).toBe(200);
  return { user, id: saved.body.id as string };
}

export const dateIn = (days: number) => abidjanDate(new Date(Date.now() + days * DAY));
/** The ISO weekday (1 = lundi) of a YYYY-MM-DD date. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7) + 1;

/** A valid package request: `perWeek` lessons a week at 10:00 on consecutive days from tomorrow. */
export function packageRequest(tutor: PackageTutor, perWeek = 1, overrides: Record<string, unknown> = {}) {
  const startDate = dateIn(1);
  const first = weekdayOf(startDate);
  return {
    tutorId: tutor.id,
    lessonsPerWeek: perWeek,
    slots: Array.from({ length: perWeek }, (_, i) => ({ weekday: ((first - 1 + i) % 7) + 1, hour: 10 })),
    startDate,
    duration: 1,
    subject: 'Mathématiques',
    level: 'Collège',
    paymentMethod: 'card',
    ...overrides,
  };
}

export async function packageItem(id: string): Promise<Record<string, any>> {
  const { Item } = await db().send(new GetCommand({ TableName: 'kalan-local', Key: { pk: `PACKAGE#${id}`, sk: 'PACKAGE' }, ConsistentRead: true }));
  return Item!;
}

export async function bookPackage(parent: TestUser, body: object): Promise<string> {
  const booked = await api('/api/packages', { method: 'POST', token: parent.accessToken, body });
  expect(booked.status, booked.text).toBe(200);
  return booked.body.package_id as string;
}

/** The handlers' environment in this process (the payment's confirmation runs here). */
export function useHandlersHere(): void {
  const { ports } = stack();
  useStackEnvironment({ AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${ports.sfn}` });
}

/**
 * The package's one payment confirmed: `confirm_payment` on each lesson (its payment lines, its
 * workflow woken into `requested`), then the package active — what packages/payment.ts does once
 * Paystack verified the reference. `useHandlersHere()` first.
 */
export async function payPackage(id: string): Promise<string[]> {
  const { applyTransition } = await import('../../functions/src/escrow/transitions.js');
  const pkg = await packageItem(id);
  await sandboxControl(pkg.reference, { markPaid: true });
  const paidAt = new Date().toISOString();
  for (const lessonId of pkg.lesson_ids as string[]) {
    await workflowWaitingIn(lessonId, 'pending');
    await applyTransition({ transactionId: lessonId, action: 'confirm_payment', actor: 'system', record: { paid_at: paidAt } });
  }
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `PACKAGE#${id}`, sk: 'PACKAGE' },
      UpdateExpression: 'SET #status = :active, paid_at = :paid',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':pending': 'pending', ':paid': paidAt },
    }),
  );
  return pkg.lesson_ids as string[];
}
