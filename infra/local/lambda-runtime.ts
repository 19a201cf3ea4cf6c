/**
 * Runs the handler modules CDK deploys, in this process: loads `functions/src/<handler>.ts` once
 * (like a warm container) and calls its `handler` with a Lambda-like context.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { localConfig } from './config.js';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<Handler>>();

export function loadHandler(handlerModule: string): Promise<Handler> {
  let handler = loaded.get(handlerModule);
  if (!handler) {
    const file = path.join(localConfig.root, 'functions', 'src', `${handlerModule}.ts`);
    handler = import(pathToFileURL(file).href).then((module: { handler?: Handler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${handlerModule} n'exporte pas de handler`);
      return module.handler;
    });
    loaded.set(handlerModule, handler);
  }
  return handler;
}

export function lambdaContext(functionName: string, timeoutMs = 10_000): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${localConfig.region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function invoke(handlerModule: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(handlerModule);
  return handler(event, lambdaContext(handlerModule.replace(/\//g, '-')));
}
