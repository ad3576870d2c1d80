import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from './cognito';

/**
 * How the local stack runs a Lambda handler in-process: the module is imported once (as a Lambda
 * container keeps it warm) and gets a Context like Lambda's. Used by the local API server, the
 * Cognito trigger endpoint and the local event bus.
 */
const lambdasDir = path.resolve(import.meta.dirname, '../../lambdas');
const modules = new Map<string, Promise<unknown>>();

/** The module of a handler entry (path relative to lambdas/, as in the route table). */
export function loadHandler<H>(entry: string): Promise<{ handler: H }> {
  let mod = modules.get(entry);
  if (!mod) {
    mod = import(pathToFileURL(path.join(lambdasDir, entry)).href);
    modules.set(entry, mod);
  }
  return mod as Promise<{ handler: H }>;
}

export function lambdaContext(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
