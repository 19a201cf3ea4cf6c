import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreferenceSummary } from '#shared';
import {
  extractJson,
  InvalidModelOutputError,
  rerankWithBedrock,
  validateAnswer,
} from '../../functions/src/recommendations/bedrock.js';
import { rankCandidates } from '../../functions/src/recommendations/scoring.js';
import { CATALOGUE } from './search-fixtures.js';

const summary: PreferenceSummary = {
  preferredSubjects: ['Physique'],
  preferredLevels: [],
  preferredLocations: ['cocody'],
  totalSearches: 1,
  totalFavorites: 0,
};
const shortlist = rankCandidates(CATALOGUE, summary, {}, new Set()).slice(0, 4);
const bedrock = mockClient(BedrockRuntimeClient);
const answer = (text: string) => ({
  output: { message: { role: 'assistant' as const, content: [{ text }] } },
  stopReason: 'end_turn' as const,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
});

afterEach(() => bedrock.reset());

describe('Bedrock re-ranking', () => {
  it("sends the shortlist to the configured model and returns its ranking and French reasoning", async () => {
    const ranking = {
      recommendations: [
        { tutor_id: 't3', reasoning: 'Yao Bamba prépare au BAC de physique à Cocody.' },
        { tutor_id: 't1', reasoning: 'Kouassi Kouadio enseigne la physique au lycée à Cocody.' },
      ],
    };
    bedrock.on(ConverseCommand).resolves(answer(`Voici :\n\`\`\`json\n${JSON.stringify(ranking)}\n\`\`\``));
    const result = await rerankWithBedrock('eu.model', shortlist, summary, {}, 5);
    expect(result).toEqual(ranking);
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe('eu.model');
    const prompt = JSON.parse(input.messages![0]!.content![0]!.text!) as { candidats: Array<{ id: string }> };
    expect(prompt.candidats.map((c) => c.id)).toEqual(shortlist.map((c) => c.tutor.id));
  });

  it("names the zones to the model as parents read them ('Port-Bouët', 'Bouaké'), never by their ids", async () => {
    bedrock.on(ConverseCommand).resolves(answer('{"recommendations":[]}'));
    const movers = shortlist.map((candidate, i) => ({ ...candidate, tutor: { ...candidate.tutor, location: i ? 'bouake' : 'port-bouet' } }));
    await rerankWithBedrock('eu.model', movers, { ...summary, preferredLocations: ['port-bouet', 'cocody'] }, { location: 'san-pedro' }, 5).catch(() => undefined);
    const prompt = JSON.parse(bedrock.commandCalls(ConverseCommand)[0]!.args[0].input.messages![0]!.content![0]!.text!) as {
      preferences_du_parent: { zones_preferees: string[]; recherche_actuelle: { zone: string } };
      candidats: Array<{ zone: string }>;
    };
    expect(prompt.preferences_du_parent.zones_preferees).toEqual(['Port-Bouët', 'Cocody']);
    expect(prompt.preferences_du_parent.recherche_actuelle.zone).toBe('San-Pédro');
    expect(new Set(prompt.candidats.map((c) => c.zone))).toEqual(new Set(['Port-Bouët', 'Bouaké']));
  });

  it.each([
    ['no JSON at all', 'Je ne peux pas répondre.'],
    ['malformed JSON', '{"recommendations": [ {"tutor_id": "t1", '],
    ['the wrong shape', '{"ranking": ["t1"]}'],
    ['an empty reasoning', '{"recommendations":[{"tutor_id":"t1","reasoning":""}]}'],
    ['a tutor outside the shortlist', '{"recommendations":[{"tutor_id":"t-inconnu","reasoning":"Un répétiteur inventé par le modèle."}]}'],
    [
      'a tutor twice',
      '{"recommendations":[{"tutor_id":"t1","reasoning":"Très bon profil pour vous."},{"tutor_id":"t1","reasoning":"Très bon profil pour vous."}]}',
    ],
  ])('refuses an answer with %s', async (_case, text) => {
    bedrock.on(ConverseCommand).resolves(answer(text));
    await expect(rerankWithBedrock('eu.model', shortlist, summary, {}, 5)).rejects.toBeInstanceOf(InvalidModelOutputError);
  });

  it('keeps at most the requested number of tutors', () => {
    const many = { recommendations: shortlist.map(({ tutor }) => ({ tutor_id: tutor.id, reasoning: 'Une raison suffisante.' })) };
    expect(validateAnswer(many, shortlist, 2).recommendations).toHaveLength(2);
  });

  it('extracts the JSON object from text around it', () => {
    expect(extractJson('Résultat : {"a": 1} fin')).toEqual({ a: 1 });
  });
});
