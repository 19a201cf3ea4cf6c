/**
 * AI recommendations against the local stack's real table and catalogue snapshot. Through the
 * API, Bedrock is off (as locally by default): the deterministic ranking comes back. In-process,
 * Bedrock is stubbed at the SDK boundary with aws-sdk-client-mock: a valid answer is used; an
 * invalid or failing one falls back to the deterministic ranking.
 */
import { randomUUID } from 'node:crypto';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, routeKey, routes, type RecommendationsResponse } from '#shared';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import { api, newUser, type TestUser } from '../support/stack.js';
import { apiEvent, bodyOf, lambdaContext, useStackEnvironment } from './search-support.js';

const listed = seedTutors().filter((t) => t.tutorProfile.is_completed);
const physicsInCocody = listed.filter(
  (t) => t.tutorProfile.location === 'cocody' && t.tutorProfile.subjects.includes('Physique'),
);
const favorite = listed.find((t) => t.tutorProfile.subjects.includes('Physique'))!.tutorProfile.id;
let parent: TestUser;

async function recommend(token: string, body: object = {}) {
  return api('/api/recommendations', { method: 'POST', token, body });
}

beforeAll(async () => {
  parent = await newUser('parent');
  for (const filters of [
    { subject: 'Physique', location: 'cocody', level: 'Lycée (2nde-Tle)' },
    { subject: 'Physique', location: 'cocody' },
    { query: 'mathematiques', location: 'cocody' },
  ]) {
    const response = await api('/api/search-history', {
      method: 'POST',
      token: parent.accessToken,
      body: { id: randomUUID(), filters: { ...DEFAULT_FILTERS, ...filters }, results_count: 3 },
    });
    expect(response.status).toBe(201);
  }
  expect((await api('/api/favorites', { method: 'POST', token: parent.accessToken, body: { tutor_id: favorite } })).status).toBe(201);
});

describe('recommendations through the API (Bedrock off)', () => {
  it("summarises the parent's searches and favourites and ranks matching tutors, with a French reason each", async () => {
    const response = await recommend(parent.accessToken);
    expect(response.status, response.text).toBe(200);
    const body = response.body as RecommendationsResponse;
    expect(body.metadata).toMatchObject({ source: 'deterministic', fallback_reason: 'disabled', model_id: null });
    expect(body.metadata.summary).toMatchObject({
      totalSearches: 3,
      totalFavorites: 1,
      preferredLocations: expect.arrayContaining(['cocody']),
    });
    expect(body.metadata.summary.preferredSubjects[0]).toBe('Physique');
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.recommendations.map((t) => t.id)).not.toContain(favorite);
    // The best match teaches physics in Cocody, as the parent keeps searching.
    if (physicsInCocody.some((t) => t.tutorProfile.id !== favorite)) {
      expect(body.recommendations[0]).toMatchObject({ location: 'cocody', subjects: expect.arrayContaining(['Physique']) });
    }
    for (const tutor of body.recommendations) {
      expect(body.reasoning[tutor.id]).toMatch(/\.$/);
      expect(body.reasoning[tutor.id]).toContain(tutor.first_name);
    }
  });

  it('takes the subject asked for as a requirement', async () => {
    const body = (await recommend(parent.accessToken, { subject: 'Allemand' })).body as RecommendationsResponse;
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const tutor of body.recommendations) expect(tutor.subjects).toContain('Allemand');
  });

  it('refuses a parentId or unknown values in the body, other roles and anonymous callers', async () => {
    expect((await recommend(parent.accessToken, { parentId: 'someone-else' })).status).toBe(400);
    const zone = await recommend(parent.accessToken, { location: 'paris' });
    expect(zone.status).toBe(400);
    expect(zone.body.error.message).toBe('Zone inconnue');
    const tutorUser = await newUser('tuteur');
    expect((await recommend(tutorUser.accessToken)).status).toBe(403);
    expect((await api('/api/recommendations', { method: 'POST', body: {} })).status).toBe(401);
  });
});

describe('recommendations with Bedrock (stubbed at the SDK boundary)', () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  let handler: (event: unknown, context: unknown) => Promise<unknown>;
  const call = async () =>
    bodyOf(
      await handler(
        apiEvent({ routeKey: routeKey(routes.recommendTutors), sub: parent.sub, groups: ['parent'], body: {} }),
        lambdaContext,
      ),
    ) as RecommendationsResponse;
  const reply = (text: string) =>
    bedrock.on(ConverseCommand).resolves({
      output: { message: { role: 'assistant', content: [{ text }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    });

  beforeAll(async () => {
    useStackEnvironment({ BEDROCK_MODEL_ID: 'eu.anthropic.claude-test' });
    ({ handler } = (await import('../../functions/src/recommendations/recommend-tutors.js')) as unknown as {
      handler: typeof handler;
    });
  });
  // Each test asks the model afresh: the answer kept for the same question (a day) is forgotten.
  afterEach(async () => {
    bedrock.reset();
    const { RecommendationsCacheEntity } = await import('../../functions/src/recommendations/entities.js');
    const { DeleteItemCommand } = await import('dynamodb-toolbox/entity/actions/delete');
    await RecommendationsCacheEntity.build(DeleteItemCommand).key({ user_id: parent.sub }).send();
  });

  it("uses a valid answer: the model's order and its reasoning", async () => {
    const deterministic = (await recommend(parent.accessToken)).body as RecommendationsResponse;
    const [a, b] = [deterministic.recommendations[2]!.id, deterministic.recommendations[0]!.id];
    reply(
      JSON.stringify({
        recommendations: [
          { tutor_id: a, reasoning: 'Ce répétiteur prépare très bien au BAC de physique à Cocody.' },
          { tutor_id: b, reasoning: 'Profil vérifié, proche de chez vous et disponible le soir.' },
        ],
      }),
    );
    const body = await call();
    expect(body.metadata, JSON.stringify(body)).toMatchObject({ source: 'bedrock', model_id: 'eu.anthropic.claude-test', fallback_reason: null });
    expect(body.recommendations.map((t) => t.id)).toEqual([a, b]);
    expect(body.reasoning).toEqual({
      [a]: 'Ce répétiteur prépare très bien au BAC de physique à Cocody.',
      [b]: 'Profil vérifié, proche de chez vous et disponible le soir.',
    });
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe('eu.anthropic.claude-test');
  });

  /** The same container's answer with Bedrock off: the deterministic ranking over the same catalogue. */
  const deterministicHere = async () => {
    const model = process.env.BEDROCK_MODEL_ID;
    delete process.env.BEDROCK_MODEL_ID;
    try {
      return await call();
    } finally {
      process.env.BEDROCK_MODEL_ID = model;
    }
  };

  it('falls back to the deterministic ranking when the answer is invalid', async () => {
    reply('{"recommendations":[{"tutor_id":"inventé","reasoning":"Un répétiteur qui n’existe pas."}]}');
    // Other test files add and withdraw tutors meanwhile: both answers are taken from one container,
    // back to back, again if its catalogue moved between them (it refreshes every 2 s).
    let body = await call();
    let deterministic = await deterministicHere();
    for (let attempt = 0; attempt < 5 && JSON.stringify(body.recommendations) !== JSON.stringify(deterministic.recommendations); attempt += 1) {
      body = await call();
      deterministic = await deterministicHere();
    }
    expect(body.metadata).toMatchObject({ source: 'deterministic', fallback_reason: 'invalid_output' });
    expect(deterministic.metadata).toMatchObject({ source: 'deterministic', fallback_reason: 'disabled' });
    expect(body.recommendations.map((t) => t.id)).toEqual(deterministic.recommendations.map((t) => t.id));
    expect(body.reasoning).toEqual(deterministic.reasoning);
  });

  it('falls back to the deterministic ranking when Bedrock fails', async () => {
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('Too many requests'), { name: 'ThrottlingException' }));
    const body = await call();
    expect(body.metadata).toMatchObject({ source: 'deterministic', fallback_reason: 'error' });
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(Object.keys(body.reasoning).sort()).toEqual(body.recommendations.map((t) => t.id).sort());
  });
});
