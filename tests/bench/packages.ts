/**
 * `npm run bench -- packages` (issue 32): what one monthly package costs, from its booking to its
 * last release, on the local stack run in this process (DynamoDB Local, the local Step Functions
 * running the escrow definition, the Paystack sandbox; handlers called through the router over HTTP):
 * a package of 3 lessons a week × 4 weeks (1 h), and of 5 a week (2 h), booked through the API, paid
 * once (the sandbox's signed charge.success of the package's reference), accepted by the tutor, each
 * lesson moved into the past (as the clock would: a lesson is given once started), marked given and
 * confirmed by the parent → released, until the last release and the last workflow's end.
 *
 * Printed: the lessons booked and the slots held; DynamoDB write units as DynamoDB Local reports them
 * and as DynamoDB bills them (tests/bench/payments.ts's billedUnits, item by item), read units; the
 * escrow workflows' state transitions and the Lambda invocations; the cost per package and per lesson
 * at the list prices of tests/bench/aws-prices.json (DynamoDB writes + reads, Step Functions
 * transitions, Lambda requests). The bench's own looking (polls, the clock's moves) is not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portEnvironment } from '../support/stack-process.js';
import { billedUnits } from './payments.js';
import { benchPorts, sized } from './sizes.js';

const PORTS = benchPorts(4070);

interface Scenario {
  label: string;
  lessonsPerWeek: number;
  duration: 1 | 2;
  /** Monday = 1 … Sunday = 7, at this hour (Abidjan, UTC). */
  weekdays: number[];
  hour: number;
}

const SCENARIOS: Scenario[] = sized(
  [
    { label: '3 lessons a week × 4 weeks, 1 h', lessonsPerWeek: 3, duration: 1, weekdays: [1, 3, 5], hour: 16 },
    { label: '5 lessons a week × 4 weeks, 2 h', lessonsPerWeek: 5, duration: 2, weekdays: [1, 2, 3, 4, 5], hour: 10 },
  ],
  [{ label: '3 lessons a week × 4 weeks, 1 h', lessonsPerWeek: 3, duration: 1, weekdays: [1, 3, 5], hour: 16 }],
);

interface Price {
  usd: number;
  per: number;
}

/** What AWS bills for one package, counted where it happens. */
interface Usage {
  localWriteUnits: number;
  billedWriteUnits: number;
  readUnits: number;
  transitions: number;
  lambda: Map<string, number>;
  apiRequests: number;
}

export async function benchPackages(): Promise<void> {
  const prices = (JSON.parse(readFileSync(path.join(import.meta.dirname, 'aws-prices.json'), 'utf8')) as { as_of: string; region: string; prices: Record<string, Price> });
  const p = (name: string) => prices.prices[name]!.usd / prices.prices[name]!.per;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-pkg-'));
  Object.assign(process.env, { KALAN_DATA_DIR: dataDir, KALAN_IN_MEMORY: 'true', ...portEnvironment(PORTS), POWERTOOLS_LOG_LEVEL: 'ERROR' });
  const { startStack } = await import('../../infra/local/stack.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  const { url } = await import('../../infra/local/config.js');
  const { invocationObservers } = await import('../../infra/local/lambda-runtime.js');
  const { localStateTransitions, localRunningExecutions } = await import('../../infra/local/stepfunctions.js');
  const { documentClient, dynamodb } = await import('../../functions/src/commons/clients/dynamodb.js');
  const { GetCommand, QueryCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { getTransaction } = await import('../../functions/src/payments/transactions.js');
  const { WorkflowTokenEntity } = await import('../../functions/src/payments/entities.js');
  const { packageReferenceFor } = await import('../../functions/src/packages/entities.js');
  const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
  const { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const { readMailbox } = await import('../../infra/local/mailbox.js');

  // The bench looking (its polls, its reads around each write, the clock's moves) runs in this
  // context: nothing it sends is counted.
  const looking = new AsyncLocalStorage<true>();
  const unmetered = <T>(run: () => Promise<T>) => looking.run(true, run);
  let metering = false;
  let usage: Usage = { localWriteUnits: 0, billedWriteUnits: 0, readUnits: 0, transitions: 0, lambda: new Map(), apiRequests: 0 };

  invocationObservers.add((handlerModule) => {
    if (metering) usage.lambda.set(handlerModule, (usage.lambda.get(handlerModule) ?? 0) + 1);
  });
  const text = (value: string | { S?: string } | undefined) => (typeof value === 'string' ? value : value?.S) ?? '';
  const read = (key: { pk: string; sk: string }) =>
    unmetered(async () => (await documentClient.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }))).Item);
  const dataCommand = /^(Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactGet|TransactWrite)(Items?)?Command$/;
  dynamodb.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      if (!metering || looking.getStore() || !dataCommand.test(name)) return next(args);
      const input = args.input as Record<string, any>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const single = { PutItemCommand: 'Put', UpdateItemCommand: 'Update', DeleteItemCommand: 'Delete' }[name];
      const writes: Array<{ kind: string; key: { pk: string; sk: string } }> = single
        ? [{ kind: single, key: { pk: text((input.Item ?? input.Key).pk), sk: text((input.Item ?? input.Key).sk) } }]
        : name === 'TransactWriteItemsCommand'
          ? (input.TransactItems as Array<Record<string, any>>).map((entry) => {
              const [kind, request] = Object.entries(entry)[0]!;
              const key = request.Item ?? request.Key;
              return { kind, key: { pk: text(key.pk), sk: text(key.sk) } };
            })
          : [];
      const before = await Promise.all(writes.map((write) => read(write.key)));
      const result = await next(args);
      const after = await Promise.all(writes.map((write) => read(write.key)));
      const transactional = name === 'TransactWriteItemsCommand';
      writes.forEach((write, i) => {
        usage.billedWriteUnits += write.kind === 'ConditionCheck' ? 2 : billedUnits(before[i], write.kind === 'Delete' ? undefined : after[i], transactional);
      });
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Array<Record<string, number | undefined>>) {
        const units = entry.CapacityUnits ?? 0;
        if (/^(Get|Query|Scan|BatchGet|TransactGet)/.test(name)) usage.readUnits += entry.ReadCapacityUnits ?? units;
        else usage.localWriteUnits += entry.WriteCapacityUnits ?? units;
      }
      return result;
    },
    { step: 'initialize', name: 'kalan-bench-packages' },
  );

  try {
    const stack = await startStack();
    const apiUrl = url(PORTS.app);
    const paystackUrl = url(PORTS.paystack);
    const secret = process.env.PAYSTACK_SECRET_KEY!;
    const cognito = new CognitoIdentityProviderClient({ endpoint: url(PORTS.cognito), region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const signUp = async (email: string, role: 'parent' | 'tuteur') => {
      const clientId = stack.pool.userPoolClientId;
      await cognito.send(
        new SignUpCommand({
          ClientId: clientId,
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
      const code = /\b(\d{6})\b/.exec(readMailbox(undefined, { to: email })[0]?.text ?? '')?.[1] ?? '';
      await cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
      const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: 'Secret-123' } }));
      return auth.AuthenticationResult!.AccessToken!;
    };
    const call = async (pathname: string, as: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) => {
      if (metering) usage.apiRequests += 1;
      const response = await fetch(`${apiUrl}${pathname}`, {
        method,
        headers: { ...(as ? { authorization: `Bearer ${as}` } : {}), 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as any;
      if (response.status >= 400) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const pause = () => new Promise((r) => setTimeout(r, 10));
    /** The workflow waits in `status`: the transaction is there and the wait's token is recorded. */
    const waitingIn = (id: string, status: 'pending' | 'requested' | 'escrow') =>
      unmetered(async () => {
        for (let i = 0; i < 1000; i++) {
          if ((await getTransaction(id))?.status === status) {
            const { Item } = await WorkflowTokenEntity.build(GetItemCommand).key({ transaction_id: id, task_status: status }).options({ consistent: true }).send();
            if (Item) return;
          }
          await pause();
        }
        throw new Error(`transaction ${id} : le workflow n'attend pas en ${status}`);
      });
    const released = (id: string) =>
      unmetered(async () => {
        for (let i = 0; i < 1000; i++) {
          if ((await getTransaction(id))?.status === 'released') return;
          await pause();
        }
        throw new Error(`transaction ${id} non versée`);
      });
    /** Every workflow has ended (the last Load after each release, then Done). */
    const settled = async () => {
      for (let i = 0; i < 3000 && localRunningExecutions() > 0; i++) await pause();
    };

    const parent = await signUp('bench-pkg-parent@test.kalan.ci', 'parent');
    const everyDay = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'].map((day) => ({ day, available: true, slots: [{ start: '08:00', end: '21:00' }] }));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const results: Array<{ scenario: Scenario; lessons: number; slots: number; total: number; usage: Usage }> = [];

    for (const [n, scenario] of SCENARIOS.entries()) {
      const tutor = await signUp(`bench-pkg-tutor-${n}@test.kalan.ci`, 'tuteur');
      const profile = await call('/api/me/tutor-profile', tutor, 'PUT', {
        bio: 'Professeur de mathématiques au lycée, je prépare au BAC.',
        education: 'Master de mathématiques',
        experience: '5-10ans',
        teaching_method: 'Exercices progressifs.',
        subjects: ['Mathématiques'],
        levels: ['Lycée (2nde-Tle)'],
        location: 'cocody',
        hourly_rate: 3000,
        availability_schedule: everyDay,
        profile_image_key: null,
        diploma_image_keys: [],
      });
      const tutorId = profile.id as string;
      await settled();

      usage = { localWriteUnits: 0, billedWriteUnits: 0, readUnits: 0, transitions: 0, lambda: new Map(), apiRequests: 0 };
      const transitionsBefore = localStateTransitions();
      metering = true;
      // 1. Booked: the package, its lessons, their slots held, their workflows, the one payment initialised.
      const booked = await call('/api/packages', parent, 'POST', {
        tutorId,
        lessonsPerWeek: scenario.lessonsPerWeek,
        slots: scenario.weekdays.map((weekday) => ({ weekday, hour: scenario.hour })),
        startDate: tomorrow,
        duration: scenario.duration,
        subject: 'Mathématiques',
        level: 'Lycée (2nde-Tle)',
        paymentMethod: 'card',
      });
      const packageId = booked.package_id as string;
      const pkg = await unmetered(async () => (await documentClient.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `PACKAGE#${packageId}`, sk: 'PACKAGE' } }))).Item);
      const lessonIds = (pkg?.lesson_ids ?? []) as string[];
      if (!pkg || lessonIds.length === 0) throw new Error(`forfait ${packageId} introuvable`);
      const holds = await unmetered(async () =>
        (await documentClient.send(new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SLOTS#${tutorId}` } }))).Items ?? [],
      );
      const slots = holds.filter((hold) => lessonIds.includes(hold.transaction_id as string)).length;
      for (const id of lessonIds) await waitingIn(id, 'pending');

      // 2. Paid once: Paystack's signed charge.success of the package's reference.
      const paid = await unmetered(async () => {
        const response = await fetch(`${paystackUrl}/__sandbox/transactions/${packageReferenceFor(packageId)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ markPaid: true }),
        });
        return JSON.stringify({ event: 'charge.success', data: ((await response.json()) as { data: unknown }).data });
      });
      await call('/api/webhooks/paystack', '', 'POST', paid, { 'x-paystack-signature': createHmac('sha512', secret).update(paid).digest('hex') });
      for (const id of lessonIds) await waitingIn(id, 'requested');

      // 3. Accepted by the tutor: every lesson.
      await call(`/api/packages/${packageId}/accept`, tutor, 'POST');
      for (const id of lessonIds) await waitingIn(id, 'escrow');

      // 4. Each lesson: its time moved into the past (the clock writes nothing), given, confirmed → released.
      for (const id of lessonIds) {
        await unmetered(() =>
          documentClient.send(
            new UpdateCommand({
              TableName: process.env.TABLE_NAME,
              Key: { pk: `TX#${id}`, sk: 'TRANSACTION' },
              UpdateExpression: 'SET course.scheduled_date = :past',
              ExpressionAttributeValues: { ':past': new Date(Date.now() - (scenario.duration + 1) * 3_600_000).toISOString() },
            }),
          ),
        );
        await call(`/api/lessons/${id}/actions`, tutor, 'POST', { action: 'mark_given' });
        await call(`/api/lessons/${id}/actions`, parent, 'POST', { action: 'confirm' });
        await released(id);
      }
      await settled();
      metering = false;
      usage.transitions = localStateTransitions() - transitionsBefore;
      results.push({ scenario, lessons: lessonIds.length, slots, total: pkg.amount_total as number, usage });
    }

    console.log(`## Packages on the local stack, booking → last release (DynamoDB Local, local Step Functions, Paystack sandbox); prices of ${prices.as_of}, ${prices.region}`);
    for (const { scenario, lessons, slots, total, usage: u } of results) {
      const lambdaRequests = [...u.lambda.values()].reduce((a, b) => a + b, 0);
      const tasks = u.lambda.get('escrow/tasks') ?? 0;
      const cost = {
        writes: u.billedWriteUnits * p('dynamodb_write_request_unit'),
        reads: u.readUnits * p('dynamodb_read_request_unit'),
        transitions: u.transitions * p('step_functions_transition'),
        lambda: lambdaRequests * p('lambda_request'),
      };
      const usd = cost.writes + cost.reads + cost.transitions + cost.lambda;
      const fmt = (value: number) => value.toFixed(6);
      console.log(`  package of ${scenario.label}: ${lessons} lessons booked, ${slots} slots held (${formatFcfaPlain(total)} FCFA paid once)`);
      console.log(
        `    DynamoDB write units: ${u.localWriteUnits.toFixed(1)} WCU as DynamoDB Local reports them, ${u.billedWriteUnits} WCU as DynamoDB bills them → per lesson ${(u.localWriteUnits / lessons).toFixed(1)} / ${(u.billedWriteUnits / lessons).toFixed(1)} WCU; read units ${u.readUnits.toFixed(1)} RRU (${(u.readUnits / lessons).toFixed(1)} per lesson)`,
      );
      console.log(
        `    workflow state transitions: ${u.transitions} (${(u.transitions / lessons).toFixed(1)} per lesson); Lambda invocations: ${lambdaRequests} (${tasks} escrow tasks, ${lambdaRequests - tasks} API and others; ${u.apiRequests} API requests by the journey)`,
      );
      console.log(
        `    cost per package: ${fmt(usd)} USD (DynamoDB writes ${fmt(cost.writes)} + reads ${fmt(cost.reads)}, Step Functions ${fmt(cost.transitions)}, Lambda requests ${fmt(cost.lambda)}); per lesson ${fmt(usd / lessons)} USD; per 1 000 packages ${(usd * 1000).toFixed(2)} USD`,
      );
    }
    console.log('  Not counted: Lambda duration (GB-s), API Gateway requests, CloudWatch Logs, notifications (SES), Paystack fees.');
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An amount in FCFA with thousands grouped by spaces (the bench's output is plain ASCII). */
function formatFcfaPlain(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
