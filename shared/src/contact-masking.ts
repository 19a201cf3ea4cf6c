/**
 * The masking rule of messages (issue 31, point 4): until a pair has a paid lesson, phone numbers,
 * e-mails, links and social handles become MASKED_CONTACT. One pure function, the same in the
 * composer (to warn before sending) and on the server (which enforces it whatever the client sends).
 * FIRST VERSION from the contract: the masking helper extends it (numbers in French words, O for 0,
 * '[at]' spellings, handles) with its table of cases (tests/unit/contact-masking.test.ts).
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';
import * as linkify from 'linkifyjs';
import { MASKED_CONTACT, type ContactKind } from './messaging.js';

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

function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of findPhoneNumbersInText(text, 'CI')) spans.push({ start: match.startsAt, end: match.endsAt, kind: 'phone' });
  for (const link of linkify.find(text)) spans.push({ start: link.start, end: link.end, kind: link.type === 'email' ? 'email' : 'link' });
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
  const spans = spansOf(text);
  const kinds = new Set(spans.map((span) => span.kind));
  const found = (['phone', 'email', 'link', 'handle'] as const).filter((kind) => kinds.has(kind));
  return { text: spans.length ? replaceSpans(text, spans) : text, found };
}

/** The composer's warning: true when sending this text would mask something. */
export function hasContactDetails(text: string): boolean {
  return maskContactDetails(text).found.length > 0;
}
