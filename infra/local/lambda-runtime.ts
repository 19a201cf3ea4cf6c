/**
 * Runs the handler modules CDK deploys, in this process: loads `functions/src/<handler>.ts` once
 * (like a warm container) and calls its `handler` with a Lambda-like context.
 *
 * Unlike a Lambda container, this process runs many invocations at once. Powertools keeps what
 * belongs to one invocation (log keys such as the correlation id, metrics not yet published) in
 * Lambda's InvokeStore when AWS_LAMBDA_MAX_CONCURRENCY is set, as Lambda's multi-concurrency mode
 * does: each invocation runs in its own InvokeStore context (AsyncLocalStorage), so concurrent
 * invocations never mix their correlation ids or publish each other's metrics.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
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

/** The store first, then the variable: Powertools fails when the variable is set and the store missing. */
const invokeStore = InvokeStore.getInstanceAsync(true).then((store) => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
  return store;
});

/** Told of every invocation once it ends (the cost benchmark adds up what Lambda would bill). */
export type InvocationObserver = (handlerModule: string, durationMs: number) => void;
export const invocationObservers = new Set<InvocationObserver>();

export async function invoke(handlerModule: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(handlerModule);
  const context = lambdaContext(handlerModule.replace(/\//g, '-'));
  const store = await invokeStore;
  const started = performance.now();
  try {
    return await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => handler(event, context));
  } finally {
    const durationMs = performance.now() - started;
    for (const observer of invocationObservers) observer(handlerModule, durationMs);
  }
}
