/**
 * A withdrawal's outcome told to its tutor (issue 30), on the real engines: the payout settled by
 * the production settlement (payouts/settle.ts), the table's own stream records filtered as the
 * event source mapping filters them, handed to the notifier — twice, as the stream may — and the
 * e-mail through the production SES v2 call into a local mailbox. One notification and one e-mail
 * per outcome, however often the record comes.
 */
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHandlers } from '#shared/routes';
import { cancelPayout, settleFailed, settlePaid, settleReversed } from '../../functions/src/payouts/settle.js';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { createMailboxServer, readMailbox } from '../../infra/local/mailbox.js';
import { passesFilters, STREAM_CONSUMERS, streamsClient, toLambdaRecord } from '../../infra/local/streams.js';
import { seedPayout } from '../support/payouts-seed.js';
import { config } from './engines.js';
import { newTutor, type Person } from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));
const mailDir = mkdtempSync(path.join(tmpdir(), 'kalan-payout-notifications-mail-'));
const mailbox = createMailboxServer(mailDir);

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => mailbox.listen(0, '127.0.0.1', () => resolve((mailbox.address() as net.AddressInfo).port)));
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  mailbox.closeAllConnections();
  await new Promise((resolve) => (mailbox as http.Server).close(resolve));
});

/** Every record of the stream about the payout's partition that passes the notifier's filters. */
async function streamRecordsOf(partitionKey: string): Promise<DynamoDBRecord[]> {
  const streams = streamsClient(config);
  const table = await localDynamoClient(config).send(new DescribeTableCommand({ TableName: config.tableName }));
  const streamArn = table.Table!.LatestStreamArn!;
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const found: DynamoDBRecord[] = [];
  for (const shard of StreamDescription?.Shards ?? []) {
    let { ShardIterator: iterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }));
    while (iterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      for (const record of page.Records ?? []) {
        if (record.dynamodb?.Keys?.pk?.S === partitionKey && passesFilters(record, STREAM_CONSUMERS.notifier)) {
          found.push(toLambdaRecord(record, streamArn, config.region));
        }
      }
      if (!page.Records?.length) break;
      iterator = page.NextShardIterator;
    }
  }
  return found;
}

/** Hands the payout's stream records to the notifier, as one batch of the mapping. */
async function deliverStream(payoutId: string): Promise<number> {
  const records = await streamRecordsOf(`PAYOUT#${payoutId}`);
  await invoke(eventHandlers.notifier, { Records: records });
  return records.length;
}

async function notificationsOf(person: Person): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
      ExpressionAttributeValues: { ':pk': `USER#${person.userId}`, ':notif': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

const mailsTo = (person: Person) => readMailbox(mailDir, { to: person.email });

/** A payout of 10 000 FCFA to an Orange number, in flight (`sent`), with its wallet as a withdrawal leaves it. */
async function payoutInFlight(tutor: Person): Promise<string> {
  return (await seedPayout({ tutorUserId: tutor.userId, status: 'sent', phone: '+2250701020304' })).id;
}

describe("a payout's outcome tells its tutor once", () => {
  it('paid: one notification and one e-mail, even when the stream record is delivered twice', async () => {
    const tutor = await newTutor();
    const id = await payoutInFlight(tutor);
    await settlePaid(id, 'CP-1');
    expect(await deliverStream(id)).toBe(1);
    await deliverStream(id);
    const items = await notificationsOf(tutor);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'payout_paid',
        title: 'Retrait versé',
        body: '9\u00a0850\u00a0FCFA ont été versés sur votre compte 07 •• •• •3 04.',
        link: '/tutor-revenues',
        email_state: 'sent',
      }),
    ]);
    expect(mailsTo(tutor).map((mail) => [mail.subject, mail.source])).toEqual([['Kalan — Retrait versé', 'ses']]);
  });

  it('failed: its reason in French; a reversal after a payment is a second outcome, told once too', async () => {
    const failedTutor = await newTutor();
    const failed = await payoutInFlight(failedTutor);
    await settleFailed(failed, 'invalid_destination', 'REJ');
    await deliverStream(failed);
    await deliverStream(failed);
    expect((await notificationsOf(failedTutor)).map((n) => [n.kind, n.body])).toEqual([
      [
        'payout_failed',
        "Votre retrait de 10\u00a0000\u00a0FCFA a échoué : Ce numéro n'est pas un compte mobile money actif. Le montant est revenu sur votre solde.",
      ],
    ]);
    expect(mailsTo(failedTutor).map((mail) => mail.subject)).toEqual(['Kalan — Retrait échoué']);

    const reversedTutor = await newTutor();
    const reversed = await payoutInFlight(reversedTutor);
    await settlePaid(reversed, 'W-1');
    await settleReversed(reversed, 'reversed by Wave');
    for (let i = 0; i < 3; i++) await deliverStream(reversed);
    expect((await notificationsOf(reversedTutor)).map((n) => n.kind).sort()).toEqual(['payout_paid', 'payout_reversed']);
    expect(mailsTo(reversedTutor).map((mail) => mail.subject).sort()).toEqual(['Kalan — Retrait annulé', 'Kalan — Retrait versé']);
  });

  it('cancelled by an admin: told once; a payout merely sent tells nothing', async () => {
    const tutor = await newTutor();
    const id = await payoutInFlight(tutor);
    expect(await deliverStream(id)).toBe(0);
    await cancelPayout(id, 'admin-1', 'Numéro erroné, vu avec le répétiteur');
    await deliverStream(id);
    await deliverStream(id);
    expect((await notificationsOf(tutor)).map((n) => [n.kind, n.title])).toEqual([['payout_cancelled', 'Retrait annulé']]);
  });
});
