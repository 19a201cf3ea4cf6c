/**
 * SES v2 and EventBridge Scheduler clients, created once per container. Their endpoints follow
 * the SDK's own variables (`AWS_ENDPOINT_URL_SESV2`, `AWS_ENDPOINT_URL_SCHEDULER`): the local stack
 * points them at its emulators (the mailbox's SES endpoint, infra/local/scheduler.ts), as it does
 * for DynamoDB and S3; on AWS they are unset and the regional endpoints are used. SES may live in
 * another region than the function (`SES_REGION`).
 */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESv2Client } from '@aws-sdk/client-sesv2';

export const ses = new SESv2Client(process.env.SES_REGION ? { region: process.env.SES_REGION } : {});
export const scheduler = new SchedulerClient({});

/**
 * Worth retrying once the SDK's own retries are spent: throttled, the service failed (5xx), or no
 * answer at all (the network). A 4xx refusal (a rejected address, a schedule already there) will
 * not change on a retry.
 */
export function isTransientAwsError(error: unknown): boolean {
  const { name = '', $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = $metadata?.httpStatusCode;
  if (status === undefined) return true;
  return status === 429 || status >= 500 || /Throttl|TooManyRequests/.test(name);
}
