/**
 * Money figures on the local stack, run in this process (DynamoDB Local, cognito-local, the local
 * Step Functions running the escrow definition, the Paystack sandbox; handlers called through the
 * router over HTTP):
 * - webhook handling latency (signed charge.success → verify at the sandbox → escrow), p50/p95;
 * - escrow actions per second (concurrent parent releases, each a conditional DynamoDB transaction);
 * - DynamoDB write units per completed booking (initialise → escrow → release, workflow included),
 *   summed from the ConsumedCapacity DynamoDB returns (ReturnConsumedCapacity INDEXES), with what
 *   pays for them: each operation's calls and units (the table's, each index's), and the size of
 *   each item a booking leaves in its partition;
 * - the same per completed lesson (issue 15: a slot booked and held → paid → the tutor accepts →
 *   marks it given → the parent confirms → released; the lesson's time is moved into the past before
 *   "given", as the clock would, since a lesson can only be given once started);
 * - slot conflicts: parents booking the same free slot at the same moment, race after race — how
 *   many won each race (exactly one must) and what the others were told.
 * Prints figures; asserts nothing about time.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { itemSize } from '../support/item-size.js';
import { portEnvironment } from '../support/stack-process.js';
import { benchPorts, sized } from './sizes.js';

const PORTS = benchPorts(3960);
const BOOKINGS_FOR_CAPACITY = sized(10, 1);
const LESSONS_FOR_CAPACITY = sized(5, 1);
/** Slot races: this many parents book the same free slot at once, this many times. */
const SLOT_RACES = sized(10, 1);
const RACERS = sized(5, 2);
const WEBHOOKS = sized(100, 4);
const ESCROW_ACTIONS = sized(100, 4);
const CONCURRENCY = sized(10, 2);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const INDEXES = ['gsi1', 'gsi2', 'gsi3'] as const;
type StoredItem = Record<string, unknown> | undefined;
type Value = string | { S?: string } | undefined;
const text = (value: Value) => (typeof value === 'string' ? value : value?.S) ?? '';
const kilobytes = (item: StoredItem) => (item ? Math.max(1, Math.ceil(itemSize(item) / 1024)) : 0);
const indexKey = (item: StoredItem, index: string) => (item?.[`${index}pk`] !== undefined ? `${item[`${index}pk`]}|${item[`${index}sk`]}` : undefined);

/**
 * What DynamoDB bills for one item written, from the item before and after the write: its size in
 * 1 KB units (the larger of the two), and for each index (all three project every attribute) the
 * entry put, rewritten or deleted — a changed index key is a delete and a put. Twice all that in a
 * transaction. DynamoDB Local, whose figure the code's ConsumedCapacity reports, adds the sizes of
 * a transaction's items before rounding them once; DynamoDB rounds each item, and each index entry.
 */
export function billedUnits(before: StoredItem, after: StoredItem, transactional: boolean): number {
  let units = Math.max(kilobytes(before), kilobytes(after), 1);
  for (const index of INDEXES) {
    const [was, is] = [indexKey(before, index), indexKey(after, index)];
    if (was && is) units += was === is ? kilobytes(after) : kilobytes(before) + kilobytes(after);
    else if (was) units += kilobytes(before);
    else if (is) units += kilobytes(after);
  }
  return transactional ? 2 * units : units;
}

async function pool<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

export async function benchPayments(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-pay-'));
  Object.assign(process.env, {
    KALAN_DATA_DIR: dataDir,
    KALAN_IN_MEMORY: 'true',
    ...portEnvironment(PORTS),
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
  const { startStack } = await import('../../infra/local/stack.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  const { url } = await import('../../infra/local/config.js');
  const { consumedWriteUnits, writeCapacityByOperation } = await import('../../functions/src/payments/capacity.js');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient, dynamodb } = await import('../../functions/src/commons/clients/dynamodb.js');
  const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { getTransaction } = await import('../../functions/src/payments/transactions.js');
  const { WorkflowTokenEntity } = await import('../../functions/src/payments/entities.js');
  const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
  const { seedTutors } = await import('../../infra/local/seed/tutors.js');
  const { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const { readMailbox } = await import('../../infra/local/mailbox.js');
  try {
    const stack = await startStack();
    const apiUrl = url(PORTS.app);
    const paystackUrl = url(PORTS.paystack);
    const secret = process.env.PAYSTACK_SECRET_KEY!;
    const cognito = new CognitoIdentityProviderClient({ endpoint: url(PORTS.cognito), region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    /** A confirmed account of `role`, signed in: its access token. */
    const signUp = async (email: string, role: 'parent' | 'tuteur') => {
      await cognito.send(
        new SignUpCommand({
          ClientId: stack.pool.userPoolClientId,
          Username: email,
          Password: 'Secret-123',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'given_name', Value: 'Awa' },
            { Name: 'family_name', Value: 'Bench' },
            { Name: 'custom:role', Value: role },
          ],
        }),
      );
      // Confirmed with the code of the local mailbox (same process: its files).
      const code = /\b(\d{6})\b/.exec(readMailbox(undefined, { to: email })[0]?.text ?? '')?.[1] ?? '';
      await cognito.send(new ConfirmSignUpCommand({ ClientId: stack.pool.userPoolClientId, Username: email, ConfirmationCode: code }));
      const auth = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.pool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: 'Secret-123' } }),
      );
      return auth.AuthenticationResult!.AccessToken!;
    };
    const token = await signUp('bench-parent@test.kalan.ci', 'parent');
    const tutor = seedTutors().find((t) => t.tutorProfile.is_completed)!;
    const call = async (pathname: string, method = 'GET', body?: unknown, as = token) => {
      const response = await fetch(`${apiUrl}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const book = async () => {
      const { body } = await call('/api/payments', 'POST', { tutorId: tutor.tutorProfile.id, duration: 2, subject: 'Maths', level: 'Lycée', paymentMethod: 'card' });
      return body.transaction_id as string;
    };
    const waitFor = async (id: string, accept: (tx: NonNullable<Awaited<ReturnType<typeof getTransaction>>>) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const tx = await getTransaction(id);
        if (tx && accept(tx)) return tx;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`transaction ${id} n'a pas atteint l'état attendu`);
    };
    /** The workflow waits in `status`: the transaction is there and the wait's token is recorded. */
    const waitingIn = async (id: string, status: 'pending' | 'requested' | 'escrow') => {
      await waitFor(id, (tx) => tx.status === status);
      for (let i = 0; i < 200; i++) {
        const { Item } = await WorkflowTokenEntity.build(GetItemCommand).key({ transaction_id: id, task_status: status }).options({ consistent: true }).send();
        if (Item) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`transaction ${id} : le workflow n'attend pas en ${status}`);
    };
    const markPaid = async (id: string) => {
      const response = await fetch(`${paystackUrl}/__sandbox/transactions/kalan-${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ markPaid: true }),
      });
      const { data } = (await response.json()) as { data: Record<string, unknown> };
      return JSON.stringify({ event: 'charge.success', data });
    };
    const deliver = async (body: string) => {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/api/webhooks/paystack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex') },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`webhook ${response.status}`);
      return performance.now() - started;
    };

    // What DynamoDB would bill for the same writes, item by item: each write the handlers send
    // (they run in this process, on this client) with its items read just before and just after it.
    const billed = new Map<string, number>();
    let billing = false;
    const read = async (key: { pk: string; sk: string }) =>
      (await documentClient.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }))).Item;
    dynamodb.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as Record<string, any>;
        const single = { PutItemCommand: 'Put', UpdateItemCommand: 'Update', DeleteItemCommand: 'Delete' }[context.commandName as string];
        const writes: Array<{ kind: string; key: { pk: string; sk: string } }> = single
          ? [{ kind: single, key: { pk: text((input.Item ?? input.Key).pk), sk: text((input.Item ?? input.Key).sk) } }]
          : context.commandName === 'TransactWriteItemsCommand'
            ? (input.TransactItems as Array<Record<string, any>>).map((entry) => {
                const [kind, request] = Object.entries(entry)[0]!;
                const key = request.Item ?? request.Key;
                return { kind, key: { pk: text(key.pk), sk: text(key.sk) } };
              })
            : [];
        if (!billing || writes.length === 0) return next(args);
        const before = await Promise.all(writes.map((write) => read(write.key)));
        const result = await next(args);
        const after = await Promise.all(writes.map((write) => read(write.key)));
        writes.forEach((write, i) => {
          const transactional = context.commandName === 'TransactWriteItemsCommand';
          const units = write.kind === 'ConditionCheck' ? 2 : billedUnits(before[i], write.kind === 'Delete' ? undefined : after[i], transactional);
          const kind = write.key.pk.startsWith('TX#') ? write.key.sk.replace(/#.*$/, '') : write.key.pk.replace(/#.*$/, '');
          billed.set(kind, (billed.get(kind) ?? 0) + units);
        });
        return result;
      },
      { step: 'initialize', name: 'kalan-bench-billed-writes' },
    );

    // 1. Write units per completed booking (sequential, so each delta is one booking's).
    billing = true;
    const units: number[] = [];
    const operationsBefore = writeCapacityByOperation();
    let lastBooking = '';
    for (let i = 0; i < BOOKINGS_FOR_CAPACITY; i++) {
      const before = consumedWriteUnits();
      const id = await book();
      await waitingIn(id, 'pending');
      await deliver(await markPaid(id));
      await waitingIn(id, 'escrow');
      const release = await call(`/api/transactions/${id}/escrow`, 'POST', { action: 'release' });
      if (release.status !== 200) throw new Error(`release ${release.status}`);
      await new Promise((r) => setTimeout(r, 50)); // the workflow's last Load, then Done
      units.push(consumedWriteUnits() - before);
      lastBooking = id;
    }
    billing = false;
    const bookingBilled = new Map(billed);
    billed.clear();

    // 1b. Write units per completed lesson (issue 15): a tutor offering every day 08:00–21:00.
    const tutorToken = await signUp('bench-tutor@test.kalan.ci', 'tuteur');
    const everyDay = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'].map((day) => ({ day, available: true, slots: [{ start: '08:00', end: '21:00' }] }));
    const saved = await call(
      '/api/me/tutor-profile',
      'PUT',
      {
        bio: 'Professeur de mathématiques au lycée, je prépare au BAC.',
        education: 'Master de mathématiques',
        experience: '5-10ans',
        teaching_method: 'Exercices progressifs.',
        subjects: ['Mathématiques'],
        levels: ['Lycée (2nde-Tle)'],
        location: 'cocody',
        hourly_rate: 5000,
        availability_schedule: everyDay,
        profile_image_key: null,
        diploma_image_keys: [],
      },
      tutorToken,
    );
    if (saved.status !== 200) throw new Error(`profil tuteur ${saved.status} ${JSON.stringify(saved.body)}`);
    const lessonTutorId = saved.body.id as string;
    const lessonUnits: number[] = [];
    let lastLesson = '';
    const lessonOperationsBefore = writeCapacityByOperation();
    billing = true;
    for (let i = 0; i < LESSONS_FOR_CAPACITY; i++) {
      const free = await call(`/api/tutors/${lessonTutorId}/slots`);
      const start = (free.body.slots as Array<{ start: string }>)[i * 2]!.start;
      const before = consumedWriteUnits();
      const booked = await call('/api/payments', 'POST', { tutorId: lessonTutorId, duration: 1, slots: [start], subject: 'Mathématiques', level: 'Lycée (2nde-Tle)', paymentMethod: 'card' });
      if (booked.status !== 200) throw new Error(`réservation ${booked.status} ${JSON.stringify(booked.body)}`);
      const id = booked.body.transaction_id as string;
      await waitingIn(id, 'pending');
      await deliver(await markPaid(id));
      await waitingIn(id, 'requested');
      const accepted = await call(`/api/lessons/${id}/actions`, 'POST', { action: 'accept' }, tutorToken);
      if (accepted.status !== 200) throw new Error(`acceptation ${accepted.status}`);
      await waitingIn(id, 'escrow');
      // The lesson took place: its time moved into the past (not counted: the clock writes nothing).
      billing = false;
      await documentClient.send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: { pk: `TX#${id}`, sk: 'TRANSACTION' },
          UpdateExpression: 'SET course.scheduled_date = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 2 * 3_600_000).toISOString() },
        }),
      );
      billing = true;
      const given = await call(`/api/lessons/${id}/actions`, 'POST', { action: 'mark_given' }, tutorToken);
      if (given.status !== 200) throw new Error(`cours donné ${given.status}`);
      const confirmed = await call(`/api/lessons/${id}/actions`, 'POST', { action: 'confirm' });
      if (confirmed.status !== 200) throw new Error(`confirmation ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      await waitFor(id, (t) => t.status === 'released');
      await new Promise((r) => setTimeout(r, 50)); // the workflow's last Load, then Done
      lessonUnits.push(consumedWriteUnits() - before);
      lastLesson = id;
    }
    billing = false;
    const lessonBilled = new Map(billed);
    const lessonOperations = [...writeCapacityByOperation()]
      .map(([name, after]) => {
        const earlier = lessonOperationsBefore.get(name);
        return { name, calls: (after.calls - (earlier?.calls ?? 0)) / LESSONS_FOR_CAPACITY, units: (after.units - (earlier?.units ?? 0)) / LESSONS_FOR_CAPACITY };
      })
      .filter((operation) => operation.calls > 0);
    billed.clear();
    for (const [kind, value] of bookingBilled) billed.set(kind, value);

    // 1c. Slot races: RACERS parents book the same free slot at once, SLOT_RACES times.
    const racers = await Promise.all(Array.from({ length: RACERS }, (_, i) => signUp(`bench-racer-${i}@test.kalan.ci`, 'parent')));
    const races: Array<{ winners: number; answers: string[]; ms: number }> = [];
    for (let r = 0; r < SLOT_RACES; r++) {
      const free = await call(`/api/tutors/${lessonTutorId}/slots`);
      const start = (free.body.slots as Array<{ start: string }>)[r]!.start;
      const raceStarted = performance.now();
      const answers = await Promise.all(
        racers.map((racer) =>
          call('/api/payments', 'POST', { tutorId: lessonTutorId, duration: 1, slots: [start], subject: 'Mathématiques', level: 'Lycée (2nde-Tle)', paymentMethod: 'card' }, racer),
        ),
      );
      races.push({
        winners: answers.filter((answer) => answer.status === 200).length,
        answers: answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body?.error?.message ?? ''}`),
        ms: performance.now() - raceStarted,
      });
    }

    const operations = [...writeCapacityByOperation()].map(([name, after]) => {
      const earlier = operationsBefore.get(name);
      // Only the bookings' own writes (section 1), not the lessons' that followed.
      const lessons = lessonOperations.find((operation) => operation.name === name);
      if (lessons) after = { ...after, calls: after.calls - lessons.calls * LESSONS_FOR_CAPACITY, units: after.units - lessons.units * LESSONS_FOR_CAPACITY };
      const perBooking = (value: number, was = 0) => (value - was) / BOOKINGS_FOR_CAPACITY;
      const indexes = Object.entries(after.indexes)
        .map(([index, value]) => [index, perBooking(value, earlier?.indexes[index])] as const)
        .filter(([, value]) => value > 0);
      return { name, calls: perBooking(after.calls, earlier?.calls), units: perBooking(after.units, earlier?.units), table: perBooking(after.table, earlier?.table), indexes };
    }).filter((operation) => operation.calls > 0);
    const { Items: left = [] } = await documentClient.send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TX#${lastBooking}` } }),
    );

    // 2. Webhook latency: one signed charge.success per pending booking, 4 at a time.
    const pending = await Promise.all(Array.from({ length: WEBHOOKS }, () => book()));
    const bodies = await Promise.all(pending.map(markPaid));
    const latencies: number[] = [];
    await pool(bodies, 4, async (body) => {
      latencies.push(await deliver(body));
    });
    const duplicates: number[] = [];
    await pool(bodies.slice(0, 50), 4, async (body) => {
      duplicates.push(await deliver(body));
    });
    latencies.sort((a, b) => a - b);
    duplicates.sort((a, b) => a - b);

    // 3. Escrow actions per second: concurrent releases of held transactions.
    const held = pending.slice(0, ESCROW_ACTIONS);
    const started = performance.now();
    let ok = 0;
    await pool(held, CONCURRENCY, async (id) => {
      if ((await call(`/api/transactions/${id}/escrow`, 'POST', { action: 'release' })).status === 200) ok++;
    });
    const seconds = (performance.now() - started) / 1000;

    const mean = units.reduce((a, b) => a + b, 0) / units.length;
    console.log('## Payments and escrow on the local stack (DynamoDB Local, local Step Functions, Paystack sandbox)');
    console.log(
      `  webhook charge.success (verify + escrow), ${latencies.length} deliveries, 4 concurrent: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
    console.log(`  webhook duplicate delivery (idempotent no-op), ${duplicates.length}: p50 ${percentile(duplicates, 50).toFixed(1)} ms, p95 ${percentile(duplicates, 95).toFixed(1)} ms`);
    console.log(`  escrow releases: ${ok}/${held.length} in ${seconds.toFixed(2)} s with ${CONCURRENCY} concurrent → ${(ok / seconds).toFixed(1)} actions/s`);
    console.log(
      `  DynamoDB write units per completed booking (initialise → escrow → release, workflow included): ${mean.toFixed(1)} WCU (min ${Math.min(...units)}, max ${Math.max(...units)}, ${units.length} bookings)`,
    );
    console.log('    per operation (per booking; a transactional write costs twice a plain one, each index an item is in costs its own write):');
    for (const operation of operations.sort((a, b) => b.units - a.units)) {
      const indexes = operation.indexes.map(([index, value]) => `${index} ${value}`).join(', ');
      console.log(
        `      ${operation.name.padEnd(16)} ×${operation.calls}  ${String(operation.units).padStart(4)} WCU  (table ${operation.table}${indexes ? `, ${indexes}` : ''})`,
      );
    }
    const billedTotal = [...billed.values()].reduce((a, b) => a + b, 0) / BOOKINGS_FOR_CAPACITY;
    console.log(
      `    as DynamoDB bills the same writes (each item of a transaction, and each index entry, rounded up to 1 KB on its own; DynamoDB Local adds a transaction's items up first): ${billedTotal.toFixed(1)} WCU per booking`,
    );
    console.log(
      `      by item written: ${[...billed].sort((a, b) => b[1] - a[1]).map(([kind, value]) => `${kind} ${value / BOOKINGS_FOR_CAPACITY}`).join(', ')}`,
    );
    const lessonMean = lessonUnits.reduce((a, b) => a + b, 0) / lessonUnits.length;
    const lessonBilledTotal = [...lessonBilled.values()].reduce((a, b) => a + b, 0) / LESSONS_FOR_CAPACITY;
    console.log(
      `  DynamoDB write units per completed lesson (slot held → paid → accepted → given → confirmed → released, workflow included): ${lessonMean.toFixed(1)} WCU (min ${Math.min(...lessonUnits)}, max ${Math.max(...lessonUnits)}, ${lessonUnits.length} lessons); as DynamoDB bills them: ${lessonBilledTotal.toFixed(1)} WCU`,
    );
    const lessonItem = (await documentClient.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `TX#${lastLesson}`, sk: 'TRANSACTION' } }))).Item;
    console.log(`    the lesson's transaction item once released: ${lessonItem ? itemSize(lessonItem) : '?'} B`);
    console.log(`    per operation: ${lessonOperations.sort((a, b) => b.units - a.units).map((operation) => `${operation.name} ×${operation.calls} ${operation.units}`).join(', ')}`);
    console.log(
      `    by item written (billed): ${[...lessonBilled].sort((a, b) => b[1] - a[1]).map(([kind, value]) => `${kind} ${value / LESSONS_FOR_CAPACITY}`).join(', ')}`,
    );
    const refusals = new Map<string, number>();
    for (const race of races) for (const answer of race.answers) refusals.set(answer, (refusals.get(answer) ?? 0) + 1);
    const raceTimes = races.map((race) => race.ms).sort((a, b) => a - b);
    console.log(
      `  slot races (${RACERS} parents book the same free slot at once, ${SLOT_RACES} times): exactly one booking in ${races.filter((race) => race.winners === 1).length}/${SLOT_RACES} races (winners per race: ${races.map((race) => race.winners).join(' ')}); the others: ${[...refusals].map(([answer, count]) => `${count} × ${answer}`).join('; ')}; a race takes p50 ${percentile(raceTimes, 50).toFixed(0)} ms`,
    );
    console.log(`    items of a completed booking's partition (${left.length}), with their size (index keys they still carry):`);
    for (const item of left) {
      const keys = ['gsi1pk', 'gsi2pk', 'gsi3pk'].filter((key) => item[key] !== undefined).map((key) => key.replace('pk', ''));
      console.log(`      ${String(item.sk).padEnd(28)} ${String(itemSize(item)).padStart(5)} B${keys.length ? `  (${keys.join(', ')})` : ''}`);
      
    }
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
