/**
 * French as the product writes it inside a sentence: elision of "de" before a vowel sound
 * ("cours d'anglais", never "cours de Anglais") and school subjects in lower case ("cours de
 * mathématiques"). Every "Cours de {subject}" of the web and the API goes through `courseOf`.
 * Ratings with a decimal comma (`formatRating`). Pure: safe in every bundle.
 */

const VOWELS = 'aeiouyàâäéèêëîïôöùûüÿœæ';

/**
 * Words whose h is aspirated (no elision: "le hindi", "cours de haoussa"). Any other h is mute
 * ("d'histoire", "d'hébreu"). Compared on the word without accents, in lower case.
 */
const ASPIRATED_H = [
  'haoussa',
  'hand',
  'hockey',
  'hindi',
  'hongrois',
  'hollandais',
  'hip-hop',
  'harpe',
  'hache',
  'hasard',
  'haut',
  'heros',
  'huit',
];

/** Vowel-initial words French still does not elide before ("le onze", "le ouolof"). */
const NO_ELISION = ['onze', 'onzieme', 'oui', 'ouistiti', 'ouolof', 'ouate', 'uhlan', 'yod'];

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** True when a word starts with a vowel sound that makes "de" become "d'". */
export function elides(word: string): boolean {
  const lower = word.trim().toLowerCase();
  const folded = fold(lower);
  if (!lower) return false;
  if (NO_ELISION.some((w) => folded === w || folded.startsWith(`${w} `) || folded.startsWith(`${w}-`))) return false;
  const [first, second = ''] = lower;
  if (first === 'h') return !ASPIRATED_H.some((stem) => folded.startsWith(stem));
  // A y before a vowel is a consonant: "de yoga", "de yoruba".
  if (first === 'y') return !VOWELS.includes(second);
  return VOWELS.includes(first!);
}

/** "de mathématiques", "d'anglais", "d'histoire", "de hindi". */
export function deBefore(noun: string): string {
  const text = noun.trim();
  return elides(text) ? `d'${text}` : `de ${text}`;
}

const isAcronym = (word: string) => word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();

/**
 * A school subject inside a sentence: French writes it in lower case ("cours d'informatique",
 * "d'histoire-géographie"); acronyms keep their capitals ("SVT", "BAC").
 */
export function subjectInSentence(subject: string): string {
  return subject
    .trim()
    .split(/(\s+|-)/)
    .map((part) => (isAcronym(part) ? part : part.toLowerCase()))
    .join('');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "Cours de mathématiques", "Cours d'anglais". A subject that already names a course ("Cours
 * général", the booking's default) is kept as it is; no subject gives "Cours".
 */
export function courseOf(subject: string | undefined, options: { lowerCase?: boolean } = {}): string {
  const text = (subject ?? '').trim();
  let phrase: string;
  if (!text) phrase = 'cours';
  else if (/^cours\b/i.test(text)) phrase = subjectInSentence(text);
  else phrase = `cours ${deBefore(subjectInSentence(text))}`;
  return options.lowerCase ? phrase : capitalise(phrase);
}

/** One decimal at most, a decimal comma (fr-FR): 4.9 → '4,9', 5 → '5'. */
const RATING_FORMAT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * A rating as French writes it, wherever one is shown (cards, the landing hero, earnings, the
 * admin's disputes). Data keeps the number: the API's JSON and the pages' JSON-LD write 4.9.
 */
export function formatRating(rating: number): string {
  return RATING_FORMAT.format(rating);
}

/** Places whose name carries its article ("le Plateau"): one says "au Plateau", never "à Plateau". */
const PLACES_WITH_ARTICLE = new Set(['Plateau']);

/** Where, inside a sentence, from a place's French name: 'à Cocody', 'à Bouaké', 'au Plateau'. */
export function atPlace(name: string): string {
  return PLACES_WITH_ARTICLE.has(name) ? `au ${name}` : `à ${name}`;
}
