/**
 * Kalan's Chakra system is built light-only and without the palettes no screen uses, to halve
 * the work a phone does before its first paint (web/src/app/theme.ts). These tests keep that
 * trim invisible: every colour a screen can show is still Chakra's light colour, and no screen
 * asks for a palette that was left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { kalanSystem } from '../../web/src/app/theme';
import { WEB, webSources } from './web-sources';

const system = kalanSystem();

const DROPPED = ['teal', 'cyan', 'pink'];
/** Kalan's own colours (WCAG AA contrast), set on purpose over Chakra's. */
const KALAN_OVERRIDES = new Set(['--chakra-colors-orange-solid', '--chakra-colors-green-solid', '--chakra-colors-fg-error']);

const rootVariables = (sys: typeof system, condition: string) => new Map(sys.tokens.cssVarMap.get(condition) ?? []);

describe('Kalan theme (light only, unused palettes left out)', () => {
  it("gives every semantic colour Chakra's light value at :root", () => {
    const chakraLight = rootVariables(createSystem(defaultConfig), '_light');
    const kalan = rootVariables(system, 'base');
    const kept = [...chakraLight].filter(
      ([variable]) => !KALAN_OVERRIDES.has(variable) && !DROPPED.some((palette) => variable.startsWith(`--chakra-colors-${palette}-`)),
    );
    expect(kept.length).toBeGreaterThan(80);
    const differing = kept.filter(([variable, value]) => kalan.get(variable) !== value);
    expect(differing).toEqual([]);
  });

  it("keeps Kalan's accessible colours over Chakra's", () => {
    const kalan = rootVariables(system, 'base');
    expect(kalan.get('--chakra-colors-orange-solid')).toBe('var(--chakra-colors-brand-orange)');
    expect(kalan.get('--chakra-colors-green-solid')).toBe('var(--chakra-colors-brand-green)');
    expect(kalan.get('--chakra-colors-fg-error')).toBe('var(--chakra-colors-brand-red)');
  });

  it('builds no dark-mode variables (the app has no dark mode)', () => {
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base']);
  });

  it('is never asked for a palette it left out', () => {
    const usage = new RegExp(`\\b(${DROPPED.join('|')})(\\.\\d+|\\.(solid|fg|subtle|muted|emphasized|contrast|focusRing)\\b|['"])`);
    const offenders = webSources()
      .filter((file) => !file.endsWith(path.join('app', 'theme.ts')))
      .filter((file) => usage.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(WEB, file));
    expect(offenders).toEqual([]);
  });
});
