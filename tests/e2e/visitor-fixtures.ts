/** A tutor a visitor may see (issue 17), for the visitors' and the accessibility walks. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { adminSession } from '../support/admin-session.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { kycDocuments, tutorProfileBody } from '../integration/access-fixtures.js';
import { eventually } from '../integration/payments-helpers.js';

export interface ListedTutor {
  tutor: TestUser;
  profileId: string;
  firstName: string;
  lastName: string;
}

/**
 * A tutor listed publicly: a completed profile (computing in Cocody unless `profile` says otherwise,
 * Monday 16:00–18:00, 4 000 FCFA/h) whose KYC an admin approved, once the visitors' API has it: its
 * profile and its search (the catalogue follows the table's stream).
 * Its account id goes into `created`, to take it out of the catalogue afterwards.
 */
export async function listedTutor(created: string[], profile: Record<string, unknown> = {}): Promise<ListedTutor> {
  // Names of its own: several walks list tutors on the same stack, and a visitor searches by name.
  const suffix = randomUUID().replace(/[^a-f]/g, '').slice(0, 4);
  const firstName = `Ablaye${suffix}`;
  const lastName = `Zadi${randomUUID().slice(0, 6)}`;
  const tutor = await newUser('tuteur', { firstName, lastName });
  const saved = await api('/api/me/tutor-profile', {
    method: 'PUT',
    token: tutor.accessToken,
    body: tutorProfileBody({ subjects: ['Informatique'], ...profile }),
  });
  expect(saved.status, saved.text).toBe(200);
  created.push(tutor.sub);
  const kyc = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: await kycDocuments(tutor) });
  expect(kyc.status, kyc.text).toBe(201);
  const admin = await adminSession();
  const review = await api(`/api/admin/kyc/${kyc.body.id}/review`, { method: 'POST', token: admin.accessToken, body: { decision: 'approve' } });
  expect(review.status, review.text).toBe(200);
  const profileId = saved.body.id as string;
  await eventually(
    () => fetch(`${stack().appUrl}/api/public/tutors/${profileId}`).then((response) => response.status),
    (status) => status === 200,
    20_000,
  );
  // The search reads the catalogue's snapshot, which follows a little later.
  await eventually(
    () =>
      fetch(`${stack().appUrl}/api/public/tutors?q=${encodeURIComponent(firstName)}`)
        .then((response) => response.json() as Promise<{ tutors?: Array<{ id: string }> }>)
        .then((body) => body.tutors?.some((card) => card.id === profileId) ?? false),
    (found) => found,
    30_000,
  );
  return { tutor, profileId, firstName, lastName };
}
