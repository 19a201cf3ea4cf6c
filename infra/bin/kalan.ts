#!/usr/bin/env node
/**
 * CDK entry (cdk.json: `npx tsx infra/bin/kalan.ts`). The stage comes from `--context stage=<name>`
 * (`dev` by default, cdk.json) and its settings from infra/stages.ts; the stack is `Kalan-<stage>`.
 */
import { App, Tags } from 'aws-cdk-lib';
import { addKalanStack } from '../lib/kalan-stack.js';
import { type Stage, stageFromContext } from '../lib/stage.js';

const app = new App();
let stage: Stage;
try {
  stage = stageFromContext(app.node);
} catch (error) {
  // An unknown stage or invalid settings: the message says which, a stack trace would not help.
  console.error(`[kalan] ${(error as Error).message}`);
  process.exit(1);
}
const stack = addKalanStack(app, stage);
Tags.of(stack).add('project', 'kalan');
Tags.of(stack).add('stage', stage.name);
