/**
 * Admin stat cards at scale (issue 11, point 5): DynamoDB Local in memory, 5 000 transactions and
 * 2 000 users written through the real entities (tests/support/admin-seed.ts), then `adminStats()`
 * — the code behind `GET /api/admin/stats` — called in this process: the first call (which, on a
 * table that had data before the counters, recounts once) and 20 more, p50/p95.
 * Prints figures; asserts nothing about time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { benchPorts, sized } from './sizes.js';

const TRANSACTIONS = sized(5000, 50);
const USERS = sized(2000, 20);
const CALLS = sized(20, 3);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchAdmin(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kalan-bench-admin-'));
  const { localConfig, awsEnvironment } = await import('../../infra/local/config.js');
  const config = { ...localConfig, dataDir, inMemory: true, ports: { ...localConfig.ports, dynamodb: benchPorts(3990).dynamodb } };
  Object.assign(process.env, awsEnvironment(config), { POWERTOOLS_LOG_LEVEL: 'ERROR' });
  const { startDynamoDb } = await import('../../infra/local/dynamodb.js');
  const { stopAll } = await import('../../infra/local/processes.js');
  try {
    await startDynamoDb(config);
    const { seedAdminTable } = await import('../support/admin-seed.js');
    const seeding = Date.now();
    const seed = await seedAdminTable({ transactions: TRANSACTIONS, users: USERS });
    console.log(`admin: seeded ${TRANSACTIONS} transactions and ${USERS} users in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const { adminStats } = await import('../../functions/src/admin/money.js');
    const first = Date.now();
    const stats = await adminStats();
    console.log(`  first stat-card read: ${Date.now() - first} ms ${JSON.stringify(stats)}`);
    const expected = {
      total_users: USERS,
      verified_tutors: seed.verifiedTutors,
      pending_kyc: seed.pendingKyc.size,
      active_disputes: seed.openDisputes.size,
      needs_attention: seed.attention.size,
    };
    console.log(`  expected:             ${JSON.stringify(expected)}`);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = process.hrtime.bigint();
      await adminStats();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`  stat-card read at ${TRANSACTIONS} transactions, ${USERS} users: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${CALLS} calls, in process)`);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
