/**
 * Builds the Kalan stack the way `cdk synth` does (same cdk.json context, same cdk-nag plugin),
 * without bundling the Lambdas, and returns its templates for assertions: each stack's own, and the
 * stage as deployed (the top-level stack with its nested stacks, `deployedTemplate`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
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
  /**
   * The stage as CloudFormation deploys it: the top-level stack and its nested stacks in one
   * template (`deployedTemplate`), so that an assertion reads the same whichever stack a resource
   * is in. Which stack holds what: `templates`.
   */
  template: Template;
  /** Each stack's own template (Template.fromStack), by construct path: `Kalan-dev`, `Kalan-dev/ApiFunctions`, `Kalan-dev-edge`. */
  templates: Map<string, Template>;
}

/** `stage`: a stage of infra/stages.ts by name, or a stage built with custom settings (`stageFrom`). */
export function synthesize(options: { stage?: string | Stage; spaDistDir?: string } = {}): Synthesized {
  const app = newApp();
  const stage = typeof options.stage === 'object' ? options.stage : stageNamed(options.stage ?? 'dev');
  const stack = addKalanStack(app, stage, {
    spaDistDir: options.spaDistDir ?? missingSpaBuild(),
  });
  return { app, stack, template: deployedTemplate(stack), templates: stackTemplates(app) };
}

/** Every stack of the app, nested stacks included, by construct path. */
export function stackTemplates(app: App): Map<string, Template> {
  const stacks = app.node.findAll().filter((c): c is Stack => c instanceof Stack);
  return new Map(stacks.map((stack) => [stack.node.path, Template.fromStack(stack)]));
}

type Json = Record<string, any>;

/**
 * One template for a stack and its nested stacks, as they are deployed together: each nested
 * stack's resources join its parent's under their own logical ids (CDK's singletons, which both
 * may hold, renamed: `renameCollisions`), a
 * `Ref` to a nested stack's parameter becomes the value its parent passes, and a parent's
 * `Fn::GetAtt` of a nested stack's output becomes that output's value. What reads `{ Ref: <the
 * table> }` in one stack reads the same when it comes through a parameter.
 */
export function deployedTemplate(stack: Stack): Template {
  return Template.fromJSON(flatten(stack));
}

function flatten(stack: Stack): Json {
  const template = structuredClone(Template.fromStack(stack).toJSON()) as Json;
  const resources: Json = template.Resources ?? {};
  const outputsByResource = new Map<string, Json>();
  const children = stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
  for (const nested of children) {
    const resourceId = stack.resolve((nested.nestedStackResource as CfnElement).logicalId) as string;
    const parameters: Json = resources[resourceId].Properties.Parameters ?? {};
    const inner = substitute(renameCollisions(flatten(nested), resources, nested.node.id), (node) =>
      typeof node.Ref === 'string' && node.Ref in parameters ? parameters[node.Ref] : undefined,
    );
    Object.assign(resources, inner.Resources);
    outputsByResource.set(resourceId, inner.Outputs ?? {});
    delete resources[resourceId];
  }
  // A parent reads its nested stack's outputs; a nested stack reads a sibling's through its parent.
  const output = (node: Json) => {
    const [id, attribute] = (node['Fn::GetAtt'] ?? []) as [string?, string?];
    const outputs = id === undefined ? undefined : outputsByResource.get(id);
    return outputs && attribute?.startsWith('Outputs.') ? outputs[attribute.slice('Outputs.'.length)].Value : undefined;
  };
  let flat = template;
  for (let previous = ''; previous !== JSON.stringify(flat); ) {
    previous = JSON.stringify(flat);
    flat = substitute(flat, output);
  }
  for (const resource of Object.values<Json>(flat.Resources ?? {})) {
    if (resource.DependsOn) resource.DependsOn = [resource.DependsOn].flat().filter((id: string) => !outputsByResource.has(id));
  }
  return flat;
}

/**
 * A nested stack's resources whose logical id its parent has too (CDK's per-stack singletons, such
 * as the S3 auto-delete provider) renamed `<nested stack id><logical id>`, with their references.
 */
function renameCollisions(template: Json, parentResources: Json, prefix: string): Json {
  const renamed = new Map(Object.keys(template.Resources ?? {}).filter((id) => id in parentResources).map((id) => [id, `${prefix}${id}`]));
  if (renamed.size === 0) return template;
  const result = substitute(template, (node) => {
    if (typeof node.Ref === 'string' && renamed.has(node.Ref)) return { Ref: renamed.get(node.Ref) };
    const getAtt = node['Fn::GetAtt'] as [string, string] | undefined;
    if (Array.isArray(getAtt) && renamed.has(getAtt[0])) return { 'Fn::GetAtt': [renamed.get(getAtt[0]), getAtt[1]] };
    return undefined;
  });
  result.Resources = Object.fromEntries(
    Object.entries<Json>(result.Resources).map(([id, resource]) => {
      const dependsOn = resource.DependsOn && [resource.DependsOn].flat().map((d: string) => renamed.get(d) ?? d);
      return [renamed.get(id) ?? id, dependsOn ? { ...resource, DependsOn: dependsOn } : resource];
    }),
  );
  return result;
}

/** `value` with every object `replace` returns something for replaced by it, deeply. */
function substitute<T>(value: T, replace: (node: Json) => unknown): T {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace)) as T;
  if (value === null || typeof value !== 'object') return value;
  const replacement = replace(value as Json);
  if (replacement !== undefined) return replacement as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, replace)])) as T;
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
  // The installed app's files (issue 34): the service worker and the manifest, at the root.
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Kalan"}');
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

/**
 * CDK's own custom-resource providers (S3 auto-delete…) are CloudFormation handlers, not Lambda
 * constructs: they run only inside a deployment, which fails and rolls back on their error. Their
 * logical ids; no alarm watches them.
 */
export const CDK_PROVIDER_HANDLER = /^(Custom.*CustomResourceProviderHandler[0-9A-F]{8}|BucketNotificationsHandler[0-9a-f]{32}[0-9A-F]{8})$/;

export type CfnResource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
