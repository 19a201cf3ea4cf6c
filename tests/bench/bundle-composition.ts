/**
 * What a deployed Lambda bundle is made of, read from the source map CDK ships beside it: every
 * byte of `index.mjs` is credited to the source file of the mapping segment it belongs to (the
 * bytes from one segment to the next), then summed per npm package (`@smithy/core`) or, for our
 * own code, per folder (`functions/src/search`, `shared/src`). Bytes no segment covers (esbuild's
 * helpers, the banner) are `(unmapped)`. esbuild writes ASCII only, so a column is a byte.
 */
import { readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** The fields of one segment of a source map's `mappings` (base64 VLQ, each relative to the last). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Not a source map segment: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** `…/node_modules/@smithy/core/dist-es/…` → `@smithy/core`; `../../functions/src/search/x.ts` → `functions/src/search`. */
export function ownerOf(source: string): string {
  const parts = source.split('/');
  const last = parts.lastIndexOf('node_modules');
  if (last >= 0) return parts[last + 1]?.startsWith('@') ? `${parts[last + 1]}/${parts[last + 2]}` : (parts[last + 1] ?? source);
  const functions = parts.indexOf('functions');
  if (functions >= 0 && parts[functions + 1] === 'src') return parts.slice(functions, functions + 3).join('/').replace(/\.ts$/, '');
  const shared = parts.indexOf('shared');
  if (shared >= 0) return 'shared/src';
  return source;
}

/** Bytes of the bundle per owner (package or folder), largest first. */
export function bundleComposition(bundlePath: string, mapPath = `${bundlePath}.map`): Array<[owner: string, bytes: number]> {
  const code = readFileSync(bundlePath, 'utf8');
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMap;
  const owners = map.sources.map(ownerOf);
  const bytes = new Map<string, number>();
  const credit = (owner: string, count: number) => bytes.set(owner, (bytes.get(owner) ?? 0) + count);
  const lines = code.split('\n');
  const mappedLines = map.mappings.split(';');
  let source = 0;
  for (const [index, line] of lines.entries()) {
    // Each line's newline belongs to whatever the line ends with.
    const length = line.length + (index < lines.length - 1 ? 1 : 0);
    let column = 0;
    let owner = '(unmapped)';
    let at = 0;
    for (const segment of mappedLines[index]?.split(',') ?? []) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      credit(owner, column - at);
      at = column;
      if (sourceDelta === undefined) {
        owner = '(unmapped)';
      } else {
        source += sourceDelta;
        owner = owners[source] ?? '(unmapped)';
      }
    }
    credit(owner, length - at);
  }
  return [...bytes].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
}
