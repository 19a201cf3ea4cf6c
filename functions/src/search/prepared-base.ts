/**
 * The bytes of a prepared base in S3 (base version 4, issue 33: a container's cold start within
 * half a second at 100 000 tutors). Inflating and parsing ~70 MB of tutors' JSON was most of a cold
 * start, and a search shows 24 tutors: so the base keeps apart
 * - the index part, one gzip member: a JSON head (ids, vocabulary, section offsets), then binary
 *   sections — the postings, the sort orders, the facets' columns, the users' ids, each tutor's
 *   JSON hash and end offset — read as typed arrays, nothing parsed tutor by tutor;
 * - the tutors, as JSON lines in blocks of BLOCK_SIZE, each block a gzip member of its own,
 *   inflated the first time one of its tutors is shown, compared or listed.
 * Everything that travels is still gzipped (blocks of 64 cost ~30 % more bytes than one member).
 *
 * Layout: MAGIC, the index part's length (uint32 BE), the index part, the blocks one after the
 * other (their lengths are in the head). A base older than version 4 is one gzipped JSON document:
 * it starts with gzip's own magic bytes, and `decodeBase` returns its tutors.
 */
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import type { TutorSummary } from '#shared/search';
import { tutorHash, type PreparedCatalogue, type StoredTutors } from './catalogue-index.js';
import type { FacetColumns } from './facets.js';

export const BASE_VERSION = 4;
const MAGIC = Buffer.from('KALANB4\n');
/** Tutors per gzip block: small enough that showing a tutor inflates ~45 kB, large enough to compress. */
const BLOCK_SIZE = 64;

interface Head {
  version: typeof BASE_VERSION;
  id: string;
  generated_at: string;
  size: number;
  block_size: number;
  /** Compressed length of each block of tutors. */
  blocks: number[];
  terms: string[];
  postings_count: number;
  /** Byte offset and length of each binary section, from the start of the sections. */
  sections: Record<string, [number, number]>;
}

/** A base as read back: its tutors (all parsed, for those who need them all) and its index's parts. */
export type DecodedBase =
  | { version: typeof BASE_VERSION; id: string; generated_at: string; prepared: Omit<PreparedCatalogue, 'tutors'> & { tutors: StoredTutors } }
  | { version: 2 | 3; id: string; generated_at: string; tutors: TutorSummary[] };

const FACET_SECTIONS = ['zone', 'subjects', 'levels', 'rate', 'verified', 'visible', 'unusual'] as const;

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

export function encodeBase(base: { id: string; generated_at: string; prepared: PreparedCatalogue }): Buffer {
  const { tutors, text, orders, facets } = base.prepared;
  const hashes = new Uint32Array(tutors.length);
  const ends = new Uint32Array(tutors.length);
  const blocks: Buffer[] = [];
  for (let first = 0; first < tutors.length; first += BLOCK_SIZE) {
    const lines: string[] = [];
    let bytes = 0;
    for (let position = first; position < Math.min(first + BLOCK_SIZE, tutors.length); position += 1) {
      const json = JSON.stringify(tutors[position]);
      hashes[position] = tutorHash(json);
      bytes += (lines.length ? 1 : 0) + Buffer.byteLength(json);
      ends[position] = bytes;
      lines.push(json);
    }
    blocks.push(gzipSync(lines.join('\n')));
  }
  const sections: Array<[string, Uint8Array]> = [
    ['postings', text.postings],
    ...Object.entries(orders).map(([key, order]): [string, Uint8Array] => [`order:${key}`, bytesOf(order)]),
    ...FACET_SECTIONS.map((name): [string, Uint8Array] => [`facet:${name}`, bytesOf(facets[name])]),
    ['hashes', bytesOf(hashes)],
    ['ends', bytesOf(ends)],
    ['users', Buffer.from(tutors.map((tutor) => tutor.user_id).join('\n'))],
  ];
  const offsets: Record<string, [number, number]> = {};
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const [name, bytes] of sections) {
    // Each section on a multiple of 4, so the typed arrays read it in place.
    const padding = (4 - (at % 4)) % 4;
    if (padding) parts.push(new Uint8Array(padding));
    at += padding;
    offsets[name] = [at, bytes.byteLength];
    parts.push(bytes);
    at += bytes.byteLength;
  }
  const head: Head = {
    version: BASE_VERSION,
    id: base.id,
    generated_at: base.generated_at,
    size: tutors.length,
    block_size: BLOCK_SIZE,
    blocks: blocks.map((block) => block.length),
    terms: text.terms,
    postings_count: text.count,
    sections: offsets,
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const headLength = Buffer.alloc(4);
  headLength.writeUInt32BE(headBytes.length);
  const headPadding = new Uint8Array((4 - ((4 + headBytes.length) % 4)) % 4);
  const index = gzipSync(Buffer.concat([headLength, headBytes, headPadding, ...parts]));
  const indexLength = Buffer.alloc(4);
  indexLength.writeUInt32BE(index.length);
  return Buffer.concat([MAGIC, indexLength, index, ...blocks]);
}

export function decodeBase(bytes: Uint8Array): DecodedBase {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0x1f && buffer[1] === 0x8b) {
    // Before version 4: one gzipped JSON document, whose tutors still hold.
    const older = JSON.parse(gunzipSync(buffer).toString('utf8')) as { version: 2 | 3; id: string; generated_at: string; prepared: { tutors: TutorSummary[] } };
    return { version: older.version, id: older.id, generated_at: older.generated_at, tutors: older.prepared.tutors };
  }
  if (!buffer.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('Not a catalogue base');
  const indexLength = buffer.readUInt32BE(MAGIC.length);
  const blocksStart = MAGIC.length + 4 + indexLength;
  let index = gunzipSync(buffer.subarray(MAGIC.length + 4, blocksStart));
  // Typed arrays read in place only on a multiple of their element size.
  if (index.byteOffset % 4) index = Buffer.from(index);
  const headLength = index.readUInt32BE(0);
  const head = JSON.parse(index.toString('utf8', 4, 4 + headLength)) as Head;
  const sectionsStart = index.byteOffset + 4 + headLength + ((4 - ((4 + headLength) % 4)) % 4);
  const section = <A>(name: string, make: (buffer: ArrayBuffer, offset: number, length: number) => A, size: number): A => {
    const [offset, length] = head.sections[name]!;
    return make(index.buffer as ArrayBuffer, sectionsStart + offset, length / size);
  };
  const u8 = (name: string) => section(name, (b, o, n) => new Uint8Array(b, o, n), 1);
  const u32 = (name: string) => section(name, (b, o, n) => new Uint32Array(b, o, n), 4);
  const facets: FacetColumns = {
    zone: u8('facet:zone'),
    subjects: section('facet:subjects', (b, o, n) => new Uint16Array(b, o, n), 2),
    levels: u8('facet:levels'),
    rate: section('facet:rate', (b, o, n) => new Int32Array(b, o, n), 4),
    verified: u8('facet:verified'),
    visible: u8('facet:visible'),
    unusual: u32('facet:unusual'),
  };
  const orders = Object.fromEntries(
    Object.keys(head.sections)
      .filter((name) => name.startsWith('order:'))
      .map((name) => [name.slice('order:'.length), u32(name)]),
  );
  return {
    version: BASE_VERSION,
    id: head.id,
    generated_at: head.generated_at,
    prepared: {
      tutors: storedTutors(head, buffer.subarray(blocksStart), { ends: u32('ends'), hashes: u32('hashes'), users: u8('users') }),
      text: { terms: head.terms, count: head.postings_count, postings: u8('postings') },
      orders,
      facets,
    },
  };
}

const inflate = promisify(gunzip);

/** The tutors of a version-4 base: each block inflated on first use, each tutor parsed on demand. */
function storedTutors(head: Head, blocks: Buffer, { ends, hashes, users }: { ends: Uint32Array; hashes: Uint32Array; users: Uint8Array }): StoredTutors {
  const starts: number[] = [];
  let at = 0;
  for (const length of head.blocks) {
    starts.push(at);
    at += length;
  }
  const inflated: (Buffer | undefined)[] = new Array(head.blocks.length);
  const blockOf = (block: number) => (inflated[block] ??= gunzipSync(blocks.subarray(starts[block]!, starts[block]! + head.blocks[block]!)));
  return {
    size: head.size,
    hashes,
    at(position) {
      const block = Math.floor(position / head.block_size);
      const first = block * head.block_size;
      const start = position === first ? 0 : ends[position - 1]! + 1;
      return JSON.parse(blockOf(block).toString('utf8', start, ends[position]!)) as TutorSummary;
    },
    async inflateAll() {
      // zlib's thread pool, a few blocks at a time: the main thread only stores each block.
      let next = 0;
      const worker = async () => {
        for (let block = next++; block < head.blocks.length; block = next++) {
          if (inflated[block]) continue;
          const bytes = await inflate(blocks.subarray(starts[block]!, starts[block]! + head.blocks[block]!));
          inflated[block] ??= bytes;
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
    },
    userIds: () => (head.size ? Buffer.from(users.buffer, users.byteOffset, users.byteLength).toString('utf8').split('\n') : []),
  };
}
