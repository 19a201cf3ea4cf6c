/**
 * The masking rule of messages (issue 31, point 4): until a pair has a paid lesson, phone numbers,
 * e-mails, links and social handles become MASKED_CONTACT. One pure function, the same in the
 * composer (to warn before sending) and on the server (which enforces it whatever the client sends).
 * Its table of cases: tests/unit/contact-masking-cases.ts (figures: `npm run bench -- masking`).
 *
 * What counts, precisely:
 * - **phone**: whatever libphonenumber-js finds for region CI (any written form of a valid number,
 *   foreign ones with their +prefix, numbers inside wa.me links); plus a run of number pieces that
 *   spells an Ivorian number: 10 digits starting 01/05/07 (Moov, MTN, Orange) or 21/25/27 (fixed),
 *   optionally behind 225 / +225 / 00225. A piece is a group of digits, a digit group written with
 *   O for 0 and l or I for 1 ('O7', 'l2', 'OO225'), or a French number word from zéro to
 *   quatre-vingt-dix-neuf ('zéro sept', 'trente-quatre', 'soixante-dix-huit', 'vingt et un').
 *   Pieces join across spaces, dots, dashes, underscores, commas, slashes and brackets (up to 3
 *   such characters); any other word ends the run. A date written dd/mm/yyyy (or with dots or
 *   dashes) is never a piece, so two dates side by side never spell a number. Prices ('25 000
 *   FCFA', '2500F'), dates, classes ('3ème'), times ('15h30'), durations and counts stay: they
 *   never make 10 digits of an Ivorian number.
 * - **email**: what linkifyjs finds; plus `name AT domain` where AT is '@' (spaces allowed),
 *   '[at]', '(at)', '{at}', '(@)', '[a]', or ' at ' / ' arobase ' / ' arobas ' as a word, and the
 *   domain's dots may be '[dot]', '(point)', ' dot ', ' point '; the domain must end in a known
 *   top-level domain (com, fr, ci, net, org…) or be a mail provider's name (gmail, yahoo, hotmail,
 *   outlook, icloud…), so that 'chez', 'à' or 'point' in a sentence never make an address.
 * - **link**: what linkifyjs finds (URLs, bare domains such as facebook.com/x, wa.me/…, t.me/…);
 *   plus a spelled-out domain 'kouassi [dot] com', 'facebook point com / kouassi' with one of
 *   com, net, org, fr, ci, me, io, info after a word that is not an article ('ce point ci' stays).
 * - **handle**: '@name' (2 to 30 letters, digits, '_' or '.', not part of an e-mail); and the name
 *   after a platform's name — instagram/insta/ig, snapchat/snap/sc, telegram/tg, tiktok,
 *   facebook/fb, messenger, twitter, linkedin, whatsapp/wa/wsp, skype, signal, viber, imo,
 *   discord, youtube, pseudo: after ':', '=', '->', 'est' or "c'est", any name that is not an
 *   ordinary word ('non', 'merci', 'demain'…); after a mere space, only a name holding a digit,
 *   '_' or an inner '.' ('telegram kouassi_prof', 'snap awa225'). Naming a platform alone ('on
 *   parle sur WhatsApp ?') is not a contact detail. Only the name is masked, not the platform.
 * - **disguises**: the rule reads the text NFKC-normalised (fullwidth '０７' and '＠', '𝟎𝟕', '⑦'),
 *   with every script's digits as ASCII ('٠٧', '۰۷') and invisible characters removed (zero-width
 *   space and joiners, soft hyphen, word joiner, BOM, keycaps' marks); what it finds there masks
 *   the original characters it comes from, so the rest of the message stays as written.
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { CONTACT_KINDS, MASKED_CONTACT, type ContactKind } from './messaging.js';

export interface MaskResult {
  /** The text with every contact detail replaced by MASKED_CONTACT. */
  text: string;
  /** What was masked, each kind once, in CONTACT_KINDS order. */
  found: ContactKind[];
}

interface Span {
  start: number;
  end: number;
  kind: ContactKind;
}

// ---------------------------------------------------------------- phone numbers spelled in pieces

/** A valid Ivorian number, with or without its country code (225, written +225 or 00225). */
function isIvorianNumber(digits: string): boolean {
  const national = digits.length === 13 && digits.startsWith('225') ? digits.slice(3) : digits.length === 15 && digits.startsWith('00225') ? digits.slice(5) : digits;
  return /^(?:0[157]|2[157])\d{8}$/.test(national);
}

const UNIT_WORDS: Record<string, number> = { zero: 0, un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9 };
const TEEN_WORDS: Record<string, number> = { dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16 };
const TENS_WORDS: Record<string, number> = { vingt: 20, vingts: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60 };

/** Lower case without accents: 'Zéro' and 'zero' are the same word. */
function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Token {
  start: number;
  end: number;
  /** The digits this token stands for when it is a digit group ('O7' → '07'), else undefined. */
  digits?: string;
  /** The plain word, when it may be part of a number in words. */
  word?: string;
}

const TOKEN = /\+?[\p{L}\p{N}]+/gu;
/** What may stand between two pieces of one number. */
const JOINER = /^[\s.\-_,/()*]{0,3}$/;
/** dd/mm/yyyy, dd.mm.yy, dd-mm-yyyy — not followed or preceded by another group (07.07.12.34.56 is not a date). */
const DATE = /(?<![\p{N}]|[\p{N}][/.-])\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})(?![\p{N}]|[/.-][\p{N}])/gu;

function tokensOf(text: string): Token[] {
  const dates: Array<[number, number]> = [];
  for (const match of text.matchAll(DATE)) dates.push([match.index, match.index + match[0].length]);
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const raw = match[0];
    const token: Token = { start, end };
    if (!dates.some(([from, to]) => start < to && end > from)) {
      const body = raw.replace(/^\+/, '');
      if (/^\d+$/.test(body)) token.digits = body;
      // A digit group spelled with letters: 'O7', 'l2', 'OO225' (at least one real digit), or 'O' / 'OO'.
      else if ((/^[0-9OoIl]+$/.test(body) && /\d/.test(body)) || /^(?:[OoIl]|[Oo]{2})$/.test(body)) token.digits = body.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
      else if (!raw.startsWith('+')) token.word = plain(raw);
    }
    tokens.push(token);
  }
  return tokens;
}

interface Piece {
  start: number;
  end: number;
  digits: string;
}

/** Reads one number written in words (0–99) from tokens[at]; returns it and the tokens it used. */
function numberInWords(text: string, tokens: Token[], at: number): { value: number; used: number } | undefined {
  // Inside one number, words join by a hyphen or spaces only: 'quatre-vingts, dix-sept' is 80 then 17.
  const joined = (i: number) => /^(?:\s+|\s*-\s*)$/.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start));
  const word = (i: number) => (i < tokens.length && (i === at || joined(i)) ? tokens[i]!.word : undefined);
  const first = word(at);
  if (first === undefined) return undefined;
  let i = at + 1;
  let value: number;
  /** After a tens word: 'et un', 'et onze', a unit, or (after soixante / quatre-vingt) a teen or 'dix-sept'. */
  const rest = (tens: number, teens: boolean) => {
    let total = tens;
    if (word(i) === 'et' && (word(i + 1) === 'un' || word(i + 1) === 'onze')) {
      total += word(i + 1) === 'un' ? 1 : 11;
      i += 2;
    } else if (teens && word(i) === 'dix' && ['sept', 'huit', 'neuf'].includes(word(i + 1) ?? '')) {
      total += 10 + UNIT_WORDS[word(i + 1)!]!;
      i += 2;
    } else if (teens && word(i) !== undefined && TEEN_WORDS[word(i)!] !== undefined) {
      total += TEEN_WORDS[word(i)!]!;
      i += 1;
    } else if (word(i) !== undefined && UNIT_WORDS[word(i)!] !== undefined && UNIT_WORDS[word(i)!]! > 0) {
      total += UNIT_WORDS[word(i)!]!;
      i += 1;
    }
    return total;
  };
  if (first === 'quatre' && (word(i) === 'vingt' || word(i) === 'vingts')) {
    i += 1;
    value = rest(80, true);
  } else if (TENS_WORDS[first] !== undefined) value = rest(TENS_WORDS[first]!, first === 'soixante');
  else if (first === 'dix' && ['sept', 'huit', 'neuf'].includes(word(i) ?? '')) {
    value = 10 + UNIT_WORDS[word(i)!]!;
    i += 1;
  } else if (TEEN_WORDS[first] !== undefined) value = TEEN_WORDS[first]!;
  else if (UNIT_WORDS[first] !== undefined) value = UNIT_WORDS[first]!;
  else return undefined;
  return { value, used: i - at };
}

/** Runs of pieces (digit groups and numbers in words) joined by separators only. */
function runsOf(text: string): Piece[][] {
  const tokens = tokensOf(text);
  const joined = (i: number) => i > 0 && JOINER.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start));
  const runs: Piece[][] = [];
  let run: Piece[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    let piece: Piece | undefined;
    let used = 1;
    if (token.digits !== undefined) piece = { start: token.start, end: token.end, digits: token.digits };
    else {
      const spelled = numberInWords(text, tokens, i);
      if (spelled) {
        used = spelled.used;
        piece = { start: token.start, end: tokens[i + used - 1]!.end, digits: String(spelled.value) };
      }
    }
    if (!piece || (run.length && !joined(i))) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (piece) run.push(piece);
    i += used;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** In each run, from left to right, the longest stretch of pieces that spells an Ivorian number. */
function spelledPhoneSpans(text: string): Span[] {
  if (!/[\p{N}]|[Oo]/u.test(text)) return [];
  const spans: Span[] = [];
  for (const run of runsOf(text)) {
    let i = 0;
    while (i < run.length) {
      let digits = '';
      let last = -1;
      for (let j = i; j < run.length && digits.length < 15; j++) {
        digits += run[j]!.digits;
        if (isIvorianNumber(digits)) last = j;
      }
      if (last < 0) i += 1;
      else {
        spans.push({ start: run[i]!.start, end: run[last]!.end, kind: 'phone' });
        i = last + 1;
      }
    }
  }
  return spans;
}

// ------------------------------------------------------------------- e-mails and links, spelled out

const TLDS = 'com|net|org|fr|ci|info|biz|io|co|edu|gouv|me|ca|be|ch|uk|us|sn|bf|ml|tg|bj|cm|gn|ne|africa';
const PROVIDERS = 'gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|protonmail|proton|aol|gmx';
const AT = String.raw`(?:\s*@\s*|\s*[\[({<]\s*(?:at|@|arobase|arrobase|arobas|arrobas|a)\s*[\])}>]\s*|\s+(?:at|arobase|arrobase|arobas|arrobas)\s+)`;
const DOT = String.raw`(?:\s*[\[({<]\s*(?:dot|point|\.)\s*[\])}>]\s*|\s+(?:dot|point)\s+|\s*\.\s*)`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,40}[\p{L}\p{N}])?`;
const END = String.raw`(?![\p{L}\p{N}])`;
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+-](?:[\p{L}\p{N}._%+-]{0,62}[\p{L}\p{N}_%+-])?${AT}(?:(?:${PROVIDERS})(?:${DOT}(?:${TLDS}))?|${LABEL}(?:${DOT}${LABEL}){0,3}?${DOT}(?:${TLDS}))${END}`,
  'giu',
);
/** A domain whose dot is spelled ('[dot]', '(point)', ' point ', ' dot ', ' . '); plain dots are linkify's. */
const SPELLED_DOT = String.raw`(?:\s*[\[({<]\s*(?:dot|point|\.)\s*[\])}>]\s*|\s+(?:dot|point)\s+|\s+\.\s*|\s*\.\s+)`;
const SPELLED_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}'’])(${LABEL})${SPELLED_DOT}(?:com|net|org|fr|ci|me|io|info)${END}(?:\s*/\s*[\p{L}\p{N}_.-]{1,60}[\p{L}\p{N}_])?`,
  'giu',
);
/** Words before ' point com' that make a sentence, not a domain: 'ce point ci', 'le point com'. */
const ARTICLES = new Set(['ce', 'le', 'la', 'un', 'une', 'du', 'au', 'de', 'des', 'les', 'mon', 'ton', 'son', 'notre', 'votre', 'leur', 'cet', 'cette', 'quel', 'chaque', 'premier', 'dernier', 'dernier', 'a', 'en', 'et', 'ou', 'sur']);

// ------------------------------------------------------------------------------------------ handles

const PLATFORMS = 'instagram|insta|ig|snapchat|snap|sc|telegram|tg|tiktok|tik\\s?tok|facebook|fb|messenger|twitter|linkedin|whatsapp|whatsap|watsap|watsapp|wa|wsp|skype|signal|viber|imo|discord|youtube|pseudo';
const AT_HANDLE = /(?<![\p{L}\p{N}._%+\-@])@[\p{L}\p{N}_][\p{L}\p{N}_.]{1,29}(?<!\.)/gu;
const PLATFORM_HANDLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${PLATFORMS})${END}(\s*(?::|=|->|=>)\s*|\s+(?:est|c'est|c’est)\s+|\s*:?\s*(?:est|c'est|c’est)\s*:?\s*|\s+)(@?[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,29}[\p{L}\p{N}_])?)${END}`,
  'giu',
);
/** Ordinary words after 'whatsapp :' and the like: an answer, not a name. */
const ORDINARY_WORDS = new Set(['oui', 'non', 'merci', 'pas', 'moi', 'toi', 'le', 'la', 'les', 'un', 'une', 'des', 'du', 'de', 'je', 'tu', 'il', 'elle', 'nous', 'vous', 'on', 'et', 'ou', 'mais', 'donc', 'si', 'svp', 'stp', 'aussi', 'demain', 'ok', 'okay', 'bien', 'sur', 'avec', 'pour', 'plus', 'ici', 'est', 'c', 'mon', 'ma', 'mes', 'ton', 'ta', 'son', 'sa', 'apres', 'avant', 'bientot', 'ce', 'ca', 'cela', 'rien', 'aucun', 'jamais', 'toujours', 'seulement', 'uniquement', 'kalan', 'possible', 'impossible', 'dispo', 'disponible']);

function handleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(AT_HANDLE)) spans.push({ start: match.index, end: match.index + match[0].length, kind: 'handle' });
  for (const match of text.matchAll(PLATFORM_HANDLE)) {
    const [whole, separator, name] = match as unknown as [string, string, string];
    const named = separator.trim() !== '';
    const looksLikeHandle = name.startsWith('@') || /[\p{N}_]/u.test(name) || /.\../u.test(name);
    if (named ? ORDINARY_WORDS.has(plain(name)) && !looksLikeHandle : !looksLikeHandle) continue;
    const end = match.index + whole.length;
    spans.push({ start: end - name.length, end, kind: 'handle' });
  }
  return spans;
}

// ------------------------------------------------------------------------------------------ the rule

/** When two kinds cover the same words, the finer one names them: an e-mail's domain is not a link, '@name' in a link's path is not a handle, but 'insta : kouassi.prof' is a handle. */
const PRECEDENCE: ContactKind[] = ['handle', 'email', 'link'];
const covers = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;

// ------------------------------------------------------------------------------ unicode disguises

/**
 * Invisible characters that may split a number or an address without showing: the format ones
 * (zero-width space and joiners, soft hyphen, word joiner, BOM, direction marks), variation
 * selectors and the keycap's enclosing mark ('0️⃣7️⃣').
 */
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0F\u20E3\u{E0100}-\u{E01EF}]/gu;
/** A character with its combining marks ('e' + U+0301), normalised together. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
const DECIMAL = /\p{Nd}/u;

/** Any decimal digit ('٧', '۷', '७') as its ASCII digit: Unicode encodes each script's 0–9 in a row. */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let zero = code;
  while (DECIMAL.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

/**
 * The text the rule reads: NFKC (fullwidth '０７' and '＠', mathematical '𝟎𝟕', circled '⑦' become
 * plain), every script's digits as ASCII ones, invisible characters gone — each character of it
 * remembering the original characters it comes from, so that the masked spans are the original's.
 * Null when the text is already plain (the usual case).
 */
function readable(text: string): { text: string; starts: number[]; ends: number[] } | null {
  if (/^[\x20-\x7E\n\r\tÀ-ÿ]*$/.test(text)) return null;
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const match of text.matchAll(CLUSTER)) {
    const start = match.index;
    const end = start + match[0].length;
    const plainCluster = match[0]
      .replace(INVISIBLE, '')
      .normalize('NFKC')
      .replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : asciiDigit(digit)));
    out += plainCluster;
    for (let i = 0; i < plainCluster.length; i++) {
      starts.push(start);
      ends.push(end);
    }
  }
  return out === text ? null : { text: out, starts, ends };
}

/**
 * The spans found in the readable text, as spans of the original one — and those found in the
 * original as written: normalising may also hide something ('kouassi.prof７' is a link as written,
 * not once it reads 'kouassi.prof7').
 */
function spansOf(text: string): Span[] {
  const plainText = readable(text);
  if (!plainText) return finest(spansOfReadable(text));
  return finest([
    ...spansOfReadable(text),
    ...spansOfReadable(plainText.text)
      .filter((span) => span.end > span.start)
      .map((span) => ({ kind: span.kind, start: plainText.starts[span.start]!, end: plainText.ends[span.end - 1]! })),
  ]);
}

function spansOfReadable(text: string): Span[] {
  const spelled = spelledPhoneSpans(text);
  const spans: Span[] = [...spelled];
  for (const match of findPhoneNumbersInText(text, 'CI')) {
    const span: Span = { start: match.startsAt, end: match.endsAt, kind: 'phone' };
    // libphonenumber reads '0707123456, 0505123456' as one number with an extension: the pieces tell them apart.
    if (match.number.ext && spelled.some((other) => other.start < span.end && other.end > span.start)) continue;
    spans.push(span);
  }
  return [...spans, ...wordSpans(text)];
}

/** Among e-mails, links and handles, a span within another kind's is that kind's (PRECEDENCE); phone spans stay. */
function finest(spans: Span[]): Span[] {
  const others = spans.filter((span) => span.kind !== 'phone');
  return spans.filter(
    (span) =>
      span.kind === 'phone' ||
      !others.some(
        (other) => other !== span && other.kind !== span.kind && covers(other, span) && (!covers(span, other) || PRECEDENCE.indexOf(other.kind) < PRECEDENCE.indexOf(span.kind)),
      ),
  );
}

function wordSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const link of linkify.find(text)) spans.push({ start: link.start, end: link.end, kind: link.type === 'email' ? 'email' : 'link' });
  for (const match of text.matchAll(SPELLED_EMAIL)) spans.push({ start: match.index, end: match.index + match[0].length, kind: 'email' });
  for (const match of text.matchAll(SPELLED_LINK)) {
    if (!ARTICLES.has(plain(match[1]!))) spans.push({ start: match.index, end: match.index + match[0].length, kind: 'link' });
  }
  spans.push(...handleSpans(text));
  return spans;
}

/** Replaces overlapping spans by one MASKED_CONTACT each, from the right so that offsets hold. */
function replaceSpans(text: string, spans: Span[]): string {
  const merged = [...spans].sort((a, b) => a.start - b.start).reduce<Span[]>((out, span) => {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
    return out;
  }, []);
  let result = text;
  for (const span of merged.reverse()) result = `${result.slice(0, span.start)}${MASKED_CONTACT}${result.slice(span.end)}`;
  return result;
}

export function maskContactDetails(text: string): MaskResult {
  const kinds = new Set<ContactKind>();
  let masked = text;
  // Masking changes what stands next to the masked words: 'snap:kouassi_prof@kouassi_prof' leaves
  // '…]@kouassi_prof', a handle once the letter before '@' is gone. Mask again until nothing is
  // found (twice at most in practice), so that masking a masked text changes nothing.
  for (let pass = 0; pass < 5; pass++) {
    const spans = spansOf(masked);
    if (!spans.length) break;
    for (const span of spans) kinds.add(span.kind);
    masked = replaceSpans(masked, spans);
  }
  return { text: masked, found: CONTACT_KINDS.filter((kind) => kinds.has(kind)) };
}

/** The composer's warning: true when sending this text would mask something. */
export function hasContactDetails(text: string): boolean {
  return maskContactDetails(text).found.length > 0;
}
