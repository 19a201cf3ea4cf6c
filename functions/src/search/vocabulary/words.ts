/**
 * The words of a search text that carry no meaning of their own: French stop words (neither indexed
 * nor searched) and the words parents put around what they look for (dropped from queries only).
 * Folded: lower case, no accents.
 */
import { foldText } from '#shared/search';

/** Folded words of a text: 'Histoire-Géographie' → ['histoire', 'geographie']; "d'anglais" → ['d', 'anglais']. */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export const wordSet = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

/** Words too common in French to tell two tutors apart; they are neither indexed nor searched. */
export const STOP_WORDS: ReadonlySet<string> = wordSet(
  'a au aux avec ce ces dans de des du elle en et il je la le les leur lui ma mais me mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous est sont',
);

/**
 * Words parents put around what they look for ('cours de…', 'prof de…', 'à domicile', 'pour mon
 * fils', 'série'). Dropped from queries only: tutors' texts keep them.
 */
export const FILLER_WORDS: ReadonlySet<string> = wordSet(`
  cours prof profs professeur professeurs professeure repetiteur repetiteurs repetitrice repetitrices
  enseignant enseignants enseignante encadreur encadreurs encadreuse encadrement tuteur tuteurs tutrice
  soutien scolaire particulier particuliers particuliere particulieres niveau classe lecon lecons
  domicile maison aide devoirs rattrapage eleve eleves enfant enfants fils fille filles
  cherche recherche besoin veux voudrais trouver urgent svp bon bons bonne bonnes serieux serieuse
  matiere matieres quartier commune zone abidjan chez madame mme monsieur mr mlle serie series
`);
