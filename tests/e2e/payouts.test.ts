/**
 * Tutors' payouts end to end in Chromium (issue 30), on the local CinetPay Transfer double: a tutor
 * whose lesson was confirmed adds an Orange Money account with the code e-mailed to them, waits out
 * the 48-hour hold, withdraws and sees 'Payé'; then changes to a number the double refuses (…444:
 * REJ, README « Bacs à sable des retraits ») and sees the withdrawal 'Échoué', its French reason,
 * and the money back on 'Disponible'. An admin sees both in the 'Retraits' tab.
 *
 * The 48 hours are not waited for: the test moves the destination's `hold_until` into the past in
 * the table, as time would (the hold itself is pinned by the rules tests on the real engines).
 * Screenshots at 390 and 1280 px go to KALAN_SCREENSHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.js';
import { blockingViolations, settle, watchRequests } from '../support/axe.js';
import { launchBrowser, newPage, overflowsHorizontally, signInThroughUi } from '../support/browser.js';
import { codeIn, newestMailId, nextMail } from '../support/mailbox.js';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { tutorProfileBody } from '../integration/access-fixtures.js';
import { db, eventually, payOnCheckout, statusOf, withdrawTutorProfile } from '../integration/payments-helpers.js';
import { uploadImage } from '../integration/uploads-helpers.js';

let browser: Browser;
const tutorsCreated: string[] = [];
const SHOTS = process.env.KALAN_SCREENSHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** Amounts as the screens write them (no-break spaces between the thousands). */
const fcfa = (amount: number) => new RegExp(`^${amount.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA$`);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // The shared stack's search tests count the seeded catalogue: take our tutor out of it again.
  await Promise.all(tutorsCreated.map(withdrawTutorProfile));
});

/** A tutor at 4 000 FCFA/h, KYC approved by an admin (only they withdraw). */
async function approvedTutor(): Promise<{ tutor: TestUser; profileId: string }> {
  const tutor = await newUser('tuteur', { firstName: 'Awa', lastName: 'Koné' });
  const profile = await api('/api/me/tutor-profile', { method: 'PUT', token: tutor.accessToken, body: tutorProfileBody() });
  expect(profile.status, profile.text).toBe(200);
  tutorsCreated.push(tutor.sub);
  const [cni, selfie] = await Promise.all([uploadImage(tutor.accessToken, 'kyc_cni'), uploadImage(tutor.accessToken, 'kyc_selfie')]);
  const submitted = await api('/api/me/kyc', { method: 'POST', token: tutor.accessToken, body: { cni_image_key: cni, selfie_image_key: selfie } });
  expect(submitted.status, submitted.text).toBe(201);
  const admin = await adminSession();
  const reviewed = await api(`/api/admin/kyc/${submitted.body.id}/review`, { method: 'POST', token: admin.accessToken, body: { decision: 'approve' } });
  expect(reviewed.status, reviewed.text).toBe(200);
  return { tutor, profileId: profile.body.id as string };
}

/**
 * One lesson of two hours booked, paid on the Paystack double, accepted, given and confirmed by the
 * parent: 7 200 FCFA released to the tutor (their wallet is credited in the release's transaction).
 */
async function releasedLesson(tutor: TestUser, profileId: string): Promise<void> {
  const parent = await newUser('parent');
  const free = await api(`/api/tutors/${profileId}/slots`, { token: parent.accessToken });
  expect(free.status, free.text).toBe(200);
  const slots = (free.body.slots as Array<{ start: string }>).slice(0, 2).map((slot) => slot.start);
  const booked = await api('/api/payments', {
    method: 'POST',
    token: parent.accessToken,
    body: { tutorId: profileId, duration: 2, slots, subject: 'Mathématiques', level: 'Lycée (2nde-Tle)', paymentMethod: 'card' },
  });
  expect(booked.status, booked.text).toBe(200);
  const id = booked.body.transaction_id as string;
  await payOnCheckout(booked.body.authorization_url as string);
  await eventually(() => statusOf(id), (status) => status === 'requested', 15_000);
  const accepted = await api(`/api/lessons/${id}/actions`, { method: 'POST', token: tutor.accessToken, body: { action: 'accept' } });
  expect(accepted.status, accepted.text).toBe(200);
  await eventually(() => statusOf(id), (status) => status === 'escrow', 15_000);
  // The lesson took place: its start moved into the past, as time would.
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `TX#${id}`, sk: 'TRANSACTION' },
      UpdateExpression: 'SET #course.#date = :date',
      ExpressionAttributeNames: { '#course': 'course', '#date': 'scheduled_date' },
      ExpressionAttributeValues: { ':date': new Date(Date.now() - 3 * 3_600_000).toISOString() },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
  const confirmed = await api(`/api/lessons/${id}/actions`, { method: 'POST', token: parent.accessToken, body: { action: 'confirm' } });
  expect(confirmed.status, confirmed.text).toBe(200);
  await eventually(() => statusOf(id), (status) => status === 'released', 15_000);
}

/**
 * Test set-up, not the product: the 48-hour hold after a destination change is over. Writes what
 * 48 hours would have made true (hold_until in the past), conditional on the destination existing.
 */
async function holdOver(tutorUserId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: 'kalan-local',
      Key: { pk: `WALLET#${tutorUserId}`, sk: 'DESTINATION' },
      UpdateExpression: 'SET hold_until = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** The payout as stored, to say why it stopped when it did not end as expected. */
async function storedPayout(id: string): Promise<Record<string, any> | undefined> {
  return (await db().send(new GetCommand({ TableName: 'kalan-local', Key: { pk: `PAYOUT#${id}`, sk: 'PAYOUT' } }))).Item;
}

/** Waits until the payout has left 'requested'/'sent' (its id is the request's), and returns it. */
async function settledPayout(id: string): Promise<Record<string, any> | undefined> {
  return eventually(() => storedPayout(id), (payout) => payout !== undefined && !['requested', 'sent'].includes(payout.status as string), 30_000);
}

async function signedIn(user: TestUser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript((id) => window.localStorage.setItem(`kalan:onboarding-complete:${id}`, 'true'), user.sub);
  watchRequests(page);
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
  return { context, page };
}

/** axe finds nothing serious or critical; the page does not scroll sideways; a screenshot when asked. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await settle(page);
  const findings = await blockingViolations(page);
  expect(findings.flatMap(({ rule, nodes }) => nodes.map((node) => `${rule}: ${node.target} — ${node.summary}`)), name).toEqual([]);
  expect(await overflowsHorizontally(page), name).toBe(false);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
  }
}

const available = (page: Page) => page.getByTestId('wallet-available');

/** Adds or changes the destination through the form, with the code from the local mailbox. */
async function setDestination(page: Page, tutor: TestUser, operator: string, phone: string): Promise<void> {
  const card = page.getByTestId('payout-destination');
  await card.getByRole('button', { name: /Ajouter un compte de retrait|Modifier/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Compte de retrait' });
  await dialog.getByLabel('Opérateur').selectOption({ label: operator });
  // A number of another operator is refused by the shared schema before any code is sent.
  await dialog.getByLabel('Numéro').fill('0501020304');
  await dialog.getByLabel('Nom du titulaire').fill('Awa Koné');
  await dialog.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
  await expect.poll(() => dialog.getByText('Un numéro Orange Money commence par 07 (10 chiffres)').isVisible()).toBe(true);
  await dialog.getByLabel('Numéro').fill(phone);
  const before = await newestMailId(tutor.email, stack());
  await dialog.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
  const mail = await nextMail(tutor.email, stack(), { newerThan: before });
  await dialog.getByLabel('Code reçu par e-mail').fill(codeIn(mail));
  await checkScreen(page, 'compte-de-retrait-code');
  await dialog.getByRole('button', { name: 'Enregistrer le compte' }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
  // Saved: the hold notice is shown and 'Retirer' says why it waits.
  await expect.poll(() => card.getByText(/Par sécurité, les retraits vers ce compte sont possibles à partir du/).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Retirer' }).isDisabled()).toBe(true);
}

/** 'Retirer' → amount → 'Continuer' → 'Confirmer le retrait'; returns the request's body. */
async function withdraw(page: Page, amount: number | null, expectedNet: number, loseFirstAnswer = false): Promise<{ amount: number; request_id: string }> {
  // By the keyboard: 'Retirer' focused and Enter; the amount is focused and Enter goes on.
  await page.getByRole('button', { name: 'Retirer' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Retirer vers mon compte mobile' });
  if (amount !== null) {
    // Below the minimum: refused in French, 'Continuer' disabled.
    await dialog.getByLabel('Montant à retirer').fill('500');
    await expect.poll(() => dialog.getByText(/Le retrait minimum est de 1\s000\sFCFA/).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continuer' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Montant à retirer').fill(String(amount));
  }
  await expect.poll(() => dialog.getByTestId('withdraw-net').innerText()).toMatch(fcfa(expectedNet));
  expect(await dialog.getByLabel('Montant à retirer').evaluate((el) => el === document.activeElement)).toBe(true);
  await checkScreen(page, 'retrait-montant');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Vérifiez votre retrait' });
  await expect.poll(() => confirm.getByText(/Une fois confirmé, le transfert part vers ce numéro/).isVisible()).toBe(true);
  await checkScreen(page, 'retrait-confirmation');
  const bodies: Array<{ amount: number; request_id: string }> = [];
  const isWithdrawal = (url: URL) => url.pathname === '/api/wallet/withdrawals';
  await page.route(isWithdrawal, async (route) => {
    bodies.push(route.request().postDataJSON() as { amount: number; request_id: string });
    if (!loseFirstAnswer || bodies.length > 1) return route.continue();
    // The request reaches the API (the payout is made), its answer is lost on the way back.
    await route.fetch();
    await route.abort('failed');
  });
  // A double tap: the button is disabled while sending, and any second request carries the same id.
  await confirm.getByRole('button', { name: 'Confirmer le retrait' }).dblclick();
  if (loseFirstAnswer) {
    await expect.poll(() => confirm.getByText('Impossible de joindre le serveur. Vérifiez votre connexion internet.').isVisible()).toBe(true);
    // 'Confirmer le retrait' again: the same request id, so the API answers with the payout already made.
    await confirm.getByRole('button', { name: 'Confirmer le retrait' }).click();
  }
  await expect
    .poll(async () => ((await confirm.isVisible()) ? await confirm.innerText() : 'fermé'), { timeout: 10_000 })
    .toBe('fermé');
  await page.unroute(isWithdrawal);
  expect(bodies.length).toBeGreaterThanOrEqual(loseFirstAnswer ? 2 : 1);
  expect(new Set(bodies.map((body) => body.request_id)).size).toBe(1);
  return bodies[0]!;
}

describe('a tutor withdraws their earnings to mobile money', () => {
  let tutor: TestUser;

  beforeAll(async () => {
    const created = await approvedTutor();
    tutor = created.tutor;
    await releasedLesson(tutor, created.profileId);
  }, 120_000);

  it("adds an Orange Money account with the e-mailed code, waits out the hold, withdraws and sees 'Payé'", async () => {
    const { context, page } = await signedIn(tutor);
    await page.goto('/tutor-revenues');
    await expect.poll(() => available(page).innerText(), { timeout: 10_000 }).toMatch(fcfa(7_200));
    expect(await page.getByText("Vous n'avez encore fait aucun retrait.").isVisible()).toBe(true);
    expect(await page.getByTestId('withdraw-blocked').innerText()).toBe("Ajoutez d'abord un compte de retrait");
    await checkScreen(page, 'mes-revenus-sans-compte');

    await setDestination(page, tutor, 'Orange Money', '07 01 02 03 04');
    await checkScreen(page, 'mes-revenus-compte-en-attente');

    await holdOver(tutor.sub);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Retirer' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    // 5 000 FCFA to Orange Money: 1,5 % of fee (75), 4 925 received.
    const started = Date.now();
    const request = await withdraw(page, 5_000, 4_925, true);
    expect(request.amount).toBe(5_000);
    const paid = await settledPayout(request.request_id);
    expect(paid?.status, JSON.stringify(paid?.attention ?? paid)).toBe('paid');
    const progress = page.getByTestId('payout-progress');
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 10_000 }).toBe('paid');
    console.info(`[payouts e2e] 'Confirmer le retrait' → 'Payé' à l'écran : ${Date.now() - started} ms`);
    expect(await progress.getByTestId('payout-status').innerText()).toBe('Payé');
    await expect.poll(() => available(page).innerText()).toMatch(fcfa(2_200));
    await expect.poll(() => page.getByTestId('wallet-paid-out').innerText()).toMatch(fcfa(4_925));
    expect(await page.getByTestId('payout-row').count()).toBe(1);
    await checkScreen(page, 'mes-revenus-paye');
    await context.close();

    // The same request id again (a retry after a lost answer) is the same payout, never a second one.
    const again = await api('/api/wallet/withdrawals', { method: 'POST', token: tutor.accessToken, body: request });
    expect(again.status, again.text).toBe(200);
    expect((await api('/api/wallet/payouts', { token: tutor.accessToken })).body.payouts).toHaveLength(1);

    const desktop = await signedIn(tutor, DESKTOP);
    await desktop.page.goto('/tutor-revenues');
    await expect.poll(() => desktop.page.getByTestId('payout-progress').getAttribute('data-status'), { timeout: 10_000 }).toBe('paid');
    await checkScreen(desktop.page, 'mes-revenus-paye');
    await desktop.context.close();
  }, 120_000);

  it("sees a withdrawal to a number the operator refuses 'Échoué', with its reason in French, and the money back", async () => {
    const { context, page } = await signedIn(tutor, { width: 360, height: 740 });
    await page.goto('/tutor-revenues');
    await expect.poll(() => available(page).innerText(), { timeout: 10_000 }).toMatch(fcfa(2_200));
    // The CinetPay double refuses (REJ) every transfer to a number ending in 444.
    await setDestination(page, tutor, 'Orange Money', '07 01 02 04 44');
    await holdOver(tutor.sub);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Retirer' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    // The whole balance, as prefilled: 2 200 FCFA, fee 33, 2 167 received.
    const request = await withdraw(page, null, 2_167);
    const failed = await settledPayout(request.request_id);
    expect(failed?.status, JSON.stringify(failed?.attention ?? failed)).toBe('failed');
    const progress = page.getByTestId('payout-progress');
    await expect.poll(() => progress.getAttribute('data-status'), { timeout: 10_000 }).toBe('failed');
    expect(await progress.getByTestId('payout-failure-reason').innerText()).toBe("Motif : L'opérateur a refusé le transfert vers ce numéro");
    await expect.poll(() => available(page).innerText()).toMatch(fcfa(2_200));
    expect(await page.getByTestId('payout-row').count()).toBe(2);
    // Never re-sent to that number: the destination is marked, 'Retirer' says why.
    await expect.poll(() => page.getByTestId('payout-destination').getByText('Transfert échoué').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Retirer' }).isDisabled()).toBe(true);
    await checkScreen(page, 'mes-revenus-echoue');
    await context.close();

    // The admin's 'Retraits' tab: the float, the failed payout with its masked number and reason.
    const admin = await adminSession();
    const adminPage = await signedIn(admin, PHONE);
    await adminPage.page.goto('/admin?onglet=retraits');
    await expect.poll(() => adminPage.page.getByTestId('provider-float').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await adminPage.page.getByTestId('payouts-filter').selectOption('failed');
    const row = adminPage.page.getByTestId('admin-payout').filter({ hasText: 'Awa Koné' }).first();
    await expect.poll(() => row.getByText("Motif : L'opérateur a refusé le transfert vers ce numéro").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText(/07 •• •• •4 44/).isVisible()).toBe(true);
    await checkScreen(adminPage.page, 'admin-retraits');
    await adminPage.page.setViewportSize(DESKTOP);
    await checkScreen(adminPage.page, 'admin-retraits');
    await adminPage.context.close();
  }, 120_000);
});

/** The destination set through the API (the form is the first describe's): code from the mailbox, then the change. */
async function destinationByApi(user: TestUser, phone: string, holderName: string): Promise<void> {
  const before = await newestMailId(user.email, stack());
  const asked = await api('/api/wallet/destination/code', { method: 'POST', token: user.accessToken, body: {} });
  expect(asked.status, asked.text).toBe(200);
  const code = codeIn(await nextMail(user.email, stack(), { newerThan: before }));
  const saved = await api('/api/wallet/destination', { method: 'PUT', token: user.accessToken, body: { operator: 'orange', phone, holder_name: holderName, code } });
  expect(saved.status, saved.text).toBe(200);
}

describe("the admin's 'Retraits' tab", () => {
  it("cancels a payout that needs attention (the money back to the tutor) and approves a destination whose name differs from the KYC name", async () => {
    // A payout the workflow flags: CinetPay answers 602 (our float too low) for a number ending in 602.
    const { tutor, profileId } = await approvedTutor();
    await releasedLesson(tutor, profileId);
    await destinationByApi(tutor, '0701020602', 'Awa Koné');
    await holdOver(tutor.sub);
    const requestId = crypto.randomUUID();
    const asked = await api('/api/wallet/withdrawals', { method: 'POST', token: tutor.accessToken, body: { amount: 3_000, request_id: requestId } });
    expect(asked.status, asked.text).toBe(201);
    const flagged = await settledPayout(requestId);
    expect(flagged?.status, JSON.stringify(flagged)).toBe('needs_attention');
    // A destination whose holder differs from the KYC name ('Awa Koné') waits for an admin.
    const other = await newUser('tuteur', { firstName: 'Awa', lastName: 'Koné' });
    await destinationByApi(other, '0701020305', 'Mariam Traoré');

    const admin = await adminSession();
    const { context, page } = await signedIn(admin, PHONE);
    await page.goto('/admin?onglet=retraits');
    // 'À traiter' is the tab's first view.
    const card = page.locator(`[data-payout-id="${requestId}"]`);
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await card.getByText(/Send : /).isVisible()).toBe(true);
    const review = page.locator(`[data-tutor-id="${other.sub}"]`);
    await expect.poll(() => review.getByText('Mariam Traoré').isVisible(), { timeout: 10_000 }).toBe(true);
    await checkScreen(page, 'admin-a-traiter');

    // 'Relancer' with an operator but no number: refused by the shared schema, nothing sent.
    await card.getByRole('button', { name: 'Relancer' }).click();
    const retry = page.getByRole('alertdialog', { name: 'Relancer ce retrait ?' });
    await retry.getByLabel('Opérateur corrigé (facultatif)').selectOption({ label: 'MTN MoMo' });
    await retry.getByLabel('Note').fill('Numéro corrigé par téléphone');
    await retry.getByRole('button', { name: 'Relancer' }).click();
    await expect.poll(() => retry.getByText("Indiquez l'opérateur et le numéro corrigés, ou aucun des deux").isVisible()).toBe(true);
    await checkScreen(page, 'admin-relancer');
    await retry.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => retry.isVisible()).toBe(false);

    // 'Annuler le retrait': a confirmation with a required note; the money goes back.
    await card.getByRole('button', { name: 'Annuler le retrait' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Annuler ce retrait ?' });
    await expect.poll(() => cancel.getByText(/3\s000\sFCFA reviendront sur le solde de Awa Koné/).isVisible()).toBe(true);
    await cancel.getByLabel('Note').fill('Prestataire sans solde : annulé');
    await cancel.getByRole('button', { name: 'Annuler le retrait' }).click();
    await expect.poll(async () => (await storedPayout(requestId))?.status, { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
    const wallet = await api('/api/wallet', { token: tutor.accessToken });
    expect(wallet.body.available).toBe(7_200);

    // The destination approved with a note: it leaves the list.
    await review.getByRole('button', { name: 'Approuver' }).click();
    const approve = page.getByRole('alertdialog', { name: 'Approuver ce compte de retrait ?' });
    await approve.getByLabel('Note').fill('Nom de jeune fille, pièce vérifiée');
    await approve.getByRole('button', { name: 'Approuver' }).click();
    await expect.poll(() => review.count(), { timeout: 10_000 }).toBe(0);
    expect((await api('/api/wallet', { token: other.accessToken })).body.destination.status).toBe('active');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'admin-a-traiter');
    await context.close();
  }, 150_000);
});
