/**
 * Cognito trigger events as the user pool sends them, for the unit tests of the triggers
 * (functions/src/auth): the common envelope, the request and response each trigger reads.
 */
import type { Context } from 'aws-lambda';

/** Lambda always passes a context; the triggers' logging middleware reads it. */
export const lambdaContext = {} as Context;

/** A trigger event of `triggerSource` carrying `request` and `response`. */
export function cognitoEvent<E>(triggerSource: string, request: Record<string, unknown>, response: Record<string, unknown>): E {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'pool',
    userName: 'user',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request,
    response,
  } as unknown as E;
}
