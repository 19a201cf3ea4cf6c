/**
 * Builds the Kalan stack the way `cdk synth` does (same cdk.json context, same cdk-nag plugin),
 * without bundling the Lambdas, and returns its template for assertions.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll, onTestFinished } from 'vitest';
import { addKalanStack, type KalanStack } from '../../infra/lib/kalan-stack.js';
import { KalanFunction } from '../../infra/lib/kalan-function.js';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { type Stage, stageNamed } from '../../infra/lib/stage.js';

/**
 * A temporary folder (the synthesized app's, a fake SPA build), removed after the test that made
 * it, or after the file when made while the file is collected, or at exit when a script run by tsx
 * made it (tests/infra/alarm-coverage.ts: no Vitest runner there).
 */
function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    try {
      afterAll(remove);
    } catch {
      process.once('exit', remove);
    }
  }
  return dir;
}

export interface Synthesized {
  app: App;
  stack: KalanStack;
  template: Template;
}

/** `stage`: a stage of infra/stages.ts by name, or a stage built with custom settings (`stageFrom`). */
export function synthesize(options: { stage?: string | Stage; spaDistDir?: string } = {}): Synthesized {
  const app = newApp();
  const stage = typeof options.stage === 'object' ? options.stage : stageNamed(options.stage ?? 'dev');
  const stack = addKalanStack(app, stage, {
    spaDistDir: options.spaDistDir ?? missingSpaBuild(),
  });
  return { app, stack, template: Template.fromStack(stack) };
}

/**
 * An app with cdk.json's context and bundling skipped (`aws:cdk:bundling-stacks: []`).
 * CDK's built-in CloudFormation validation is off here: it only ever reports warnings, and
 * loading its engine costs seconds per test file; `npm run synth` still runs it.
 */
export function newApp(): App {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return new App({
    // Its own folder, removed at the end (CDK's default, a new `cdk.out*` in the system's temp, stays).
    outdir: temporaryDir('kalan-cdk-'),
    builtinCloudFormationValidation: false,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
  });
}

/** A directory that certainly holds no SPA build. */
export function missingSpaBuild(): string {
  return join(temporaryDir('kalan-infra-'), 'dist');
}

/** A minimal Vite-shaped build: index.html, content-hashed assets, a public file. */
export function fakeSpaBuild(): string {
  const dist = join(temporaryDir('kalan-infra-'), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-3f2a1b.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log("kalan")');
  // The precompressed copies the build writes for the local server.
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.br'), 'br');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.gz'), 'gz');
  writeFileSync(join(dist, 'index.html.br'), 'br');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

export function logicalId(construct: IConstruct): string {
  const element = construct.node.defaultChild ?? construct;
  if (!CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(element).resolve(element.logicalId) as string;
}

/** Every Lambda built from `functions/src` under `scope`. */
export function kalanFunctions(scope: IConstruct): KalanFunction[] {
  return scope.node.findAll().filter((c): c is KalanFunction => c instanceof KalanFunction);
}

export type CfnResource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
