/**
 * Bedrock (Converse API) re-ranks the shortlist and writes one French sentence per tutor.
 * Its answer is untrusted text: it is parsed and validated with zod, and must only name
 * tutors of the shortlist, each once.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod/mini';
import type { PreferenceSummary, RecommendationsRequest } from '#shared/discovery-schemas';
import { tutorName, zoneLabel } from '#shared/search';
import type { ScoredCandidate } from './scoring.js';

/** Created once per container. */
const bedrock = new BedrockRuntimeClient({ maxAttempts: 2 });

/** The model id from the configuration; unset means Bedrock is off (deterministic ranking). */
export function bedrockModelId(): string | null {
  return process.env.BEDROCK_MODEL_ID?.trim() || null;
}

/** Leaves time for the fallback inside the Lambda's 10 s. */
const BEDROCK_TIMEOUT_MS = 6_000;

export const bedrockAnswerSchema = z.object({
  recommendations: z
    .array(
      z.object({
        tutor_id: z.string().check(z.minLength(1)),
        reasoning: z.string().check(z.trim(), z.minLength(10), z.maxLength(400)),
      }),
    )
    .check(z.minLength(1)),
});
export type BedrockAnswer = z.infer<typeof bedrockAnswerSchema>;

export class InvalidModelOutputError extends Error {
  override readonly name = 'InvalidModelOutputError';
}

const SYSTEM_PROMPT = [
  'Tu es le moteur de recommandation de Kalan, une plateforme ivoirienne qui met en relation des parents et des répétiteurs.',
  "On te donne les préférences d'un parent et une liste de répétiteurs candidats.",
  'Classe les candidats du plus adapté au moins adapté pour ce parent (au plus {count}), et écris pour chacun UNE phrase en français, ' +
    'claire et factuelle, qui explique pourquoi il correspond (matières, niveaux, zone, vérification, expérience, tarif).',
  "N'invente rien : utilise seulement les informations fournies. N'utilise que les identifiants (id) de la liste.",
  'Réponds uniquement avec un objet JSON de la forme {"recommendations":[{"tutor_id":"…","reasoning":"…"}]}, sans texte autour.',
].join('\n');

function promptFor(candidates: ScoredCandidate[], summary: PreferenceSummary, request: RecommendationsRequest): string {
  return JSON.stringify({
    preferences_du_parent: {
      matieres_preferees: summary.preferredSubjects,
      niveaux_preferes: summary.preferredLevels,
      // The zones as parents read them ('Port-Bouët', 'San-Pédro'), never their ids: the model writes them back.
      zones_preferees: summary.preferredLocations.map((zone) => zoneLabel(zone)),
      recherche_actuelle: {
        matiere: request.subject || null,
        niveau: request.level || null,
        zone: zoneLabel(request.location) ?? null,
        souhaits: request.preferences || null,
      },
    },
    candidats: candidates.map(({ tutor }) => ({
      id: tutor.id,
      nom: tutorName(tutor),
      verifie: tutor.is_verified,
      matieres: tutor.subjects,
      niveaux: tutor.levels,
      zone: zoneLabel(tutor.location) ?? null,
      tarif_horaire_fcfa: tutor.hourly_rate,
      experience: tutor.experience,
      bio: tutor.bio.slice(0, 300),
    })),
  });
}

/** The JSON object of the model's text, tolerating code fences or words around it. */
export function extractJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new InvalidModelOutputError('No JSON object in the model output');
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new InvalidModelOutputError('Malformed JSON in the model output');
  }
}

/** Validates the answer against the shortlist: known ids only, each once, at most `count`. */
export function validateAnswer(raw: unknown, candidates: ScoredCandidate[], count: number): BedrockAnswer {
  const parsed = z.safeParse(bedrockAnswerSchema, raw);
  if (!parsed.success) throw new InvalidModelOutputError(`Model output does not match the schema: ${parsed.error.message}`);
  const known = new Set(candidates.map(({ tutor }) => tutor.id));
  const seen = new Set<string>();
  for (const { tutor_id } of parsed.data.recommendations) {
    if (!known.has(tutor_id)) throw new InvalidModelOutputError('Model output names a tutor outside the shortlist');
    if (seen.has(tutor_id)) throw new InvalidModelOutputError('Model output names a tutor twice');
    seen.add(tutor_id);
  }
  return { recommendations: parsed.data.recommendations.slice(0, count) };
}

export async function rerankWithBedrock(
  modelId: string,
  candidates: ScoredCandidate[],
  summary: PreferenceSummary,
  request: RecommendationsRequest,
  count: number,
): Promise<BedrockAnswer> {
  const response = await bedrock.send(
    new ConverseCommand({
      modelId,
      system: [{ text: SYSTEM_PROMPT.replace('{count}', String(count)) }],
      messages: [{ role: 'user', content: [{ text: promptFor(candidates, summary, request) }] }],
      inferenceConfig: { maxTokens: 1200, temperature: 0.2 },
    }),
    { abortSignal: AbortSignal.timeout(BEDROCK_TIMEOUT_MS) },
  );
  const text = (response.output?.message?.content ?? [])
    .map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''))
    .join('');
  return validateAnswer(extractJson(text), candidates, count);
}
