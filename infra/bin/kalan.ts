#!/usr/bin/env node
/**
 * CDK entry (cdk.json: `npx tsx infra/bin/kalan.ts`). The stage comes from `-c stage=<name>`
 * and defaults to `dev`; the stack is `Kalan-<stage>`.
 */
import { App, Tags } from 'aws-cdk-lib';
import { addKalanStack } from '../lib/kalan-stack.js';
import { stageFromContext } from '../lib/stage.js';

const app = new App();
const stage = stageFromContext(app.node);
const stack = addKalanStack(app, stage);
Tags.of(stack).add('project', 'kalan');
Tags.of(stack).add('stage', stage.name);
