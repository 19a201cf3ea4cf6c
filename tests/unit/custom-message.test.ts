/**
 * The e-mails Cognito sends, as the CustomMessage trigger writes them
 * (functions/src/auth/custom-message.ts): French, the code placeholder exactly once, names escaped.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared';
import { emailFor, handler as customMessageHandler } from '../../functions/src/auth/custom-message.js';
import { cognitoEvent, lambdaContext } from './cognito-events.js';

const handler = (event: CustomMessageTriggerEvent) => customMessageHandler(event, lambdaContext);
const texts = messages.auth.emails;

function customMessage(triggerSource: string, givenName = 'Aya'): CustomMessageTriggerEvent {
  return cognitoEvent(
    triggerSource,
    { userAttributes: { email: 'aya@exemple.ci', given_name: givenName }, codeParameter: '{####}', usernameParameter: '{username}', linkParameter: '{##Click##}' },
    { smsMessage: null, emailMessage: null, emailSubject: null },
  );
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('CustomMessage', () => {
  it.each([
    ['CustomMessage_SignUp', texts.signUpSubject, texts.signUpIntro],
    ['CustomMessage_ResendCode', texts.resendSubject, texts.resendIntro],
    ['CustomMessage_ForgotPassword', texts.forgotPasswordSubject, texts.forgotPasswordIntro],
  ])('%s: a French subject and body with the code once', async (source, subject, intro) => {
    const result = await handler(customMessage(source));
    expect(result.response.emailSubject).toBe(subject);
    const body = result.response.emailMessage!;
    expect(body).toContain(intro);
    expect(body).toContain('Bonjour Aya,');
    expect(body).toContain(texts.notYou);
    // cognito-local fills in the first placeholder only; Cognito requires one.
    expect(occurrences(body, '{####}')).toBe(1);
  });

  it('tells an admin created by an operator its username and temporary password', async () => {
    const result = await handler(customMessage('CustomMessage_AdminCreateUser'));
    expect(result.response.emailSubject).toBe(texts.adminCreateUserSubject);
    expect(occurrences(result.response.emailMessage!, '{####}')).toBe(1);
    expect(occurrences(result.response.emailMessage!, '{username}')).toBe(1);
  });

  it('never lets a first name inject HTML', async () => {
    const result = await handler(customMessage('CustomMessage_SignUp', '<img src=x onerror=alert(1)>'));
    expect(result.response.emailMessage).not.toContain('<img');
    expect(result.response.emailMessage).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('greets without a name when there is none', () => {
    const email = emailFor('CustomMessage_SignUp', { codeParameter: '{####}', usernameParameter: null, userAttributes: {} });
    expect(email?.html).toContain('<p>Bonjour,</p>');
  });

  it('keeps Cognito’s default for a source it does not know', async () => {
    const result = await handler(customMessage('CustomMessage_Unknown'));
    expect(result.response.emailMessage).toBeNull();
  });
});
