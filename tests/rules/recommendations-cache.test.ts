/**
 * Bedrock is asked once a day per question (the cost of a recommendation view): on the real
 * engines (DynamoDB Local, the local S3 catalogue), Bedrock stubbed at the SDK boundary. The same
 * question within the day is answered from the kept answer; a change of the parent's onboarding,
 * of a shortlisted tutor, or the end of the day asks the model again.
 */
import { randomUUID } from 'node:crypto';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileEntity, TutorProfileEntity } from '#commons/db';
import { ParentPreferencesEntity } from '../../functions/src/onboarding/entities.js';
import { RecommendationsCacheEntity } from '../../functions/src/recommendations/entities.js';
import { recommendTutors } from '../../functions/src/recommendations/recommend.js';
import { forgetCatalogue } from '../../functions/src/search/catalogue-cache.js';
import { rebuildSnapshot } from '../../functions/src/search/snapshot.js';

const bedrock = mockClient(BedrockRuntimeClient);
const parentId = randomUUID();
const tutors: string[] = [];

async function tutor(lastName: string, location: 'cocody' | 'yopougon'): Promise<string> {
  const userId = randomUUID();
  await ProfileEntity.build(PutItemCommand).item({ user_id: userId, first_name: 'Awa', last_name: lastName, role: 'tuteur', is_verified: true }).send();
  await TutorProfileEntity.build(PutItemCommand)
    .item({ user_id: userId, id: `tp-${userId}`, bio: 'Physique-chimie au lycée.', subjects: ['Physique'], levels: ['Lycée (2nde-Tle)'], location, hourly_rate: 5000, is_completed: true })
    .send();
  return userId;
}

const preferZone = (zone: 'cocody' | 'yopougon') =>
  ParentPreferencesEntity.build(PutItemCommand).item({ user_id: parentId, zone, children: [{ first_name: 'Koffi', age: 16, level: 'lycee' }] }).send();

/** The model answers with the deterministic shortlist's first two tutors, in reverse. */
async function modelReplies(): Promise<void> {
  const deterministic = await withModel(null, () => recommendTutors(parentId, {}));
  const [a, b] = deterministic.recommendations.map((t) => t.id);
  bedrock.reset();
  bedrock.on(ConverseCommand).resolves({
    output: { message: { role: 'assistant', content: [{ text: JSON.stringify({ recommendations: [
      { tutor_id: b, reasoning: 'Physique au lycée, tout près de chez vous.' },
      { tutor_id: a, reasoning: 'Vérifiée et disponible le soir.' },
    ] }) }] } },
    stopReason: 'end_turn',
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    metrics: { latencyMs: 1 },
  });
}

async function withModel<T>(model: string | null, work: () => Promise<T>): Promise<T> {
  const before = process.env.BEDROCK_MODEL_ID;
  if (model) process.env.BEDROCK_MODEL_ID = model;
  else delete process.env.BEDROCK_MODEL_ID;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.BEDROCK_MODEL_ID;
    else process.env.BEDROCK_MODEL_ID = before;
  }
}

const ask = () => withModel('eu.amazon.nova-lite-v1:0', () => recommendTutors(parentId, {}));
const modelCalls = () => bedrock.commandCalls(ConverseCommand).length;

beforeAll(async () => {
  await ProfileEntity.build(PutItemCommand).item({ user_id: parentId, first_name: 'Mariam', last_name: 'Parent', role: 'parent' }).send();
  tutors.push(await tutor('Cocody-Un', 'cocody'), await tutor('Cocody-Deux', 'cocody'), await tutor('Yopougon', 'yopougon'));
  await preferZone('cocody');
  await rebuildSnapshot();
  forgetCatalogue();
});

afterAll(() => bedrock.restore());

describe('recommendations kept a day', () => {
  it('asks the model once for the same question, and serves the kept answer the second time', async () => {
    await modelReplies();
    const first = await ask();
    const second = await ask();
    expect(modelCalls()).toBe(1);
    expect(first.metadata).toMatchObject({ source: 'bedrock', from_cache: false });
    expect(second.metadata).toMatchObject({ source: 'bedrock', from_cache: true });
    expect(second.recommendations.map((t) => t.id)).toEqual(first.recommendations.map((t) => t.id));
    expect(second.reasoning).toEqual(first.reasoning);
  });

  it("asks again when the parent's onboarding answers change", async () => {
    await modelReplies();
    await ask();
    await preferZone('yopougon');
    await modelReplies();
    expect((await ask()).metadata.from_cache).toBe(false);
    expect(modelCalls()).toBe(1);
    await preferZone('cocody');
  });

  it('asks again when a tutor of the shortlist changes in the catalogue', async () => {
    await modelReplies();
    const before = await ask();
    const changed = before.recommendations[0]!;
    await TutorProfileEntity.build(UpdateItemCommand).item({ user_id: changed.user_id, hourly_rate: 4500 }).send();
    await rebuildSnapshot();
    forgetCatalogue();
    await modelReplies();
    expect((await ask()).metadata.from_cache).toBe(false);
    expect(modelCalls()).toBe(1);
  });

  it('asks again once the day is over', async () => {
    await modelReplies();
    await ask();
    await RecommendationsCacheEntity.build(UpdateItemCommand).item({ user_id: parentId, expires_at: Math.floor(Date.now() / 1000) - 1 }).send();
    bedrock.resetHistory();
    expect((await ask()).metadata.from_cache).toBe(false);
    expect(modelCalls()).toBe(1);
  });
});
