/**
 * The masking rule's table (issue 31, point 4; tests/unit/contact-masking-cases.ts) as figures:
 * messages, contact details caught (true positives), ordinary messages masked by mistake (false
 * positives), contact details missed or masked differently than the table says (false negatives),
 * and the time one message takes, in this process. Prints figures; asserts nothing about time.
 */
import { maskContactDetails } from '../../shared/src/contact-masking.js';
import { MASKING_CASES } from '../unit/contact-masking-cases.js';
import { sized } from './sizes.js';

const ROUNDS = sized(200, 2);

export async function benchMasking(): Promise<void> {
  const contacts = MASKING_CASES.filter((c) => c.group !== 'keep');
  const ordinary = MASKING_CASES.filter((c) => c.group === 'keep');
  const exact = (c: (typeof MASKING_CASES)[number]) => {
    const result = maskContactDetails(c.message);
    return result.text === c.masked && result.found.join() === c.found.join();
  };
  const caught = contacts.filter(exact);
  const missed = contacts.filter((c) => !exact(c));
  const kept = ordinary.filter(exact);
  const wronglyMasked = ordinary.filter((c) => !exact(c));
  console.log(`masking: ${MASKING_CASES.length} cases — ${contacts.length} with contact details, ${ordinary.length} ordinary`);
  console.log(`  true positives ${caught.length}/${contacts.length} (caught as the table says), false negatives ${missed.length}`);
  console.log(`  kept ${kept.length}/${ordinary.length}, false positives ${wronglyMasked.length}`);
  for (const group of [...new Set(contacts.map((c) => c.group))]) {
    const cases = contacts.filter((c) => c.group === group);
    console.log(`    ${group}: ${cases.filter(exact).length}/${cases.length}`);
  }
  for (const c of [...missed, ...wronglyMasked]) console.log(`  ✗ ${c.group}: ${JSON.stringify(c.message)} → ${JSON.stringify(maskContactDetails(c.message).text)}`);
  for (const c of MASKING_CASES) maskContactDetails(c.message); // warm-up
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) for (const c of MASKING_CASES) maskContactDetails(c.message);
  const perMessage = Number(process.hrtime.bigint() - started) / 1e3 / (ROUNDS * MASKING_CASES.length);
  const long = MASKING_CASES.map((c) => c.message).join(' ').repeat(4).slice(0, 2000);
  const longStarted = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS / 10 + 1; round++) maskContactDetails(long);
  const perLong = Number(process.hrtime.bigint() - longStarted) / 1e3 / (ROUNDS / 10 + 1);
  console.log(`  ${perMessage.toFixed(1)} µs per message (mean of ${ROUNDS * MASKING_CASES.length}); ${perLong.toFixed(0)} µs for a 2 000-character message`);
}
