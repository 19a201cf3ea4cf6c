import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { messages } from '#shared/messages';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';

const texts = messages.auth.emails;

export interface EmailContent {
  subject: string;
  /** HTML, as Cognito sends it; `{####}` (and `{username}`) are filled in by Cognito. */
  html: string;
}

/** Names come from the sign-up form: never trusted as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(firstName: string, lines: string[]): string {
  const paragraphs = [texts.greeting(escapeHtml(firstName.trim())), ...lines].map((line) => `<p>${line}</p>`);
  return `<div lang="fr">${paragraphs.join('')}<p>${texts.signature}</p></div>`;
}

/** The code, once (cognito-local fills in the first `{####}` only), large and easy to copy. */
function code(codeParameter: string): string {
  return `<strong style="font-size:1.5em;letter-spacing:0.2em">${codeParameter}</strong>`;
}

/**
 * The French subject and body of each e-mail Cognito sends, by trigger source. `undefined` for a
 * source we leave to Cognito's defaults (SMS-only sources do not occur: the pool has no phone).
 */
export function emailFor(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  request: Pick<CustomMessageTriggerEvent['request'], 'codeParameter' | 'usernameParameter' | 'userAttributes'>,
): EmailContent | undefined {
  const firstName = request.userAttributes.given_name ?? '';
  const withCode = (subject: string, intro: string): EmailContent => ({
    subject,
    html: page(firstName, [intro, code(request.codeParameter), texts.codeValidity, texts.notYou]),
  });
  switch (triggerSource) {
    case 'CustomMessage_SignUp':
      return withCode(texts.signUpSubject, texts.signUpIntro);
    case 'CustomMessage_ResendCode':
      return withCode(texts.resendSubject, texts.resendIntro);
    case 'CustomMessage_ForgotPassword':
      return withCode(texts.forgotPasswordSubject, texts.forgotPasswordIntro);
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return withCode(texts.verifyAttributeSubject, texts.verifyAttributeIntro);
    case 'CustomMessage_Authentication':
      return { subject: texts.authenticationSubject, html: page(firstName, [texts.authenticationIntro, code(request.codeParameter), texts.notYou]) };
    case 'CustomMessage_AdminCreateUser':
      // Cognito requires both placeholders here: the username and the temporary password.
      return {
        subject: texts.adminCreateUserSubject,
        html: page(firstName, [
          texts.adminCreateUserIntro,
          `${texts.adminCreateUserCredentials} <strong>${request.usernameParameter ?? '{username}'}</strong>`,
          `${texts.adminCreateUserPassword} ${code(request.codeParameter)}`,
        ]),
      };
    default:
      return undefined;
  }
}

/**
 * Cognito CustomMessage: writes the French e-mails of sign-up, resend, forgot-password and
 * admin-created accounts. Cognito (or the local stack's cognito-local) sends them.
 */
export const handler = observedHandler(async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const email = emailFor(event.triggerSource, event.request);
  if (!email) {
    logger.info('CustomMessage: default message kept', { triggerSource: event.triggerSource });
    return event;
  }
  event.response.emailSubject = email.subject;
  event.response.emailMessage = email.html;
  return event;
});
