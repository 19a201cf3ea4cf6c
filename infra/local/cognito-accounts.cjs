/**
 * Loaded by cognito-preload.cjs into cognito-local 5.3 only. What Cognito does with accounts and
 * cognito-local does not, patched in so that the local stack refuses what the cloud refuses:
 *
 * - e-mails: its console sender only prints the codes; each e-mail also lands as a JSON file in
 *   the local mailbox (KALAN_MAILBOX_DIR, served by infra/local/mailbox.ts, same file shape);
 * - ResendConfirmationCode, which it lacks (the web's 'Renvoyer le code');
 * - GetTokensFromRefreshToken, which it lacks (Amplify v6 renews a session with it);
 * - the pool's password policy (InvalidPasswordException) at SignUp, ConfirmForgotPassword,
 *   AdminSetUserPassword and ChangePassword;
 * - the app client's write attributes at SignUp (NotAuthorizedException), and no `sub` chosen by
 *   the caller (cognito-local kept it); PreSignUp no longer sees a `sub`, as in Cognito;
 * - e-mail usernames matched whatever their capitals (a pool with case-insensitive sign-in);
 * - ConfirmSignUp marks the e-mail verified (the code was sent to it).
 */
const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const cognitoLocalDir = path.dirname(require.resolve('cognito-local/package.json'));
const lib = (file) => require(path.join(cognitoLocalDir, 'lib', file));

const { Targets } = lib('targets/targets.js');
const { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } = lib('errors.js');
const { ConsoleMessageSender } = lib('services/messageDelivery/consoleMessageSender.js');
const userPoolService = lib('services/userPoolService.js');
const { passwordPolicyViolation } = require('./cognito-password-policy.cjs');
const { selectAppropriateDeliveryMethod } = lib('services/messageDelivery/deliveryMethod.js');

// ---------------------------------------------------------------------------------------------
// The local mailbox

const DEFAULT_FROM = 'Kalan <no-reply@kalan.local>';

function htmlToText(html) {
  return String(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e])
    .replace(/\n{2,}/g, '\n')
    .trim();
}

let lastArrival = 0;

/** Same shape and file names as mailbox.ts `deliver()`: written whole, then renamed. */
function deliverToMailbox(to, subject, html) {
  const dir = process.env.KALAN_MAILBOX_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // Strictly increasing, so two e-mails of the same millisecond keep their order.
  lastArrival = Math.max(Date.now(), lastArrival + 1);
  const receivedAt = new Date(lastArrival);
  const name = `${String(receivedAt.getTime()).padStart(15, '0')}-${randomUUID()}.json`;
  const message = {
    id: name.replace(/\.json$/, ''),
    to,
    from: DEFAULT_FROM,
    subject,
    html,
    text: htmlToText(html),
    source: 'cognito',
    receivedAt: receivedAt.toISOString(),
  };
  const temporary = path.join(dir, `.${name}.tmp`);
  fs.writeFileSync(temporary, JSON.stringify(message, null, 2));
  fs.renameSync(temporary, path.join(dir, name));
}

const originalSendEmail = ConsoleMessageSender.prototype.sendEmail;
ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
  await originalSendEmail.call(this, ctx, user, destination, message);
  // Without the CustomMessage trigger's text (it failed), the code still reaches the mailbox.
  const subject = message.emailSubject || 'Kalan : votre code';
  const html = message.emailMessage || `<p>Votre code : <strong>${message.__code ?? ''}</strong></p>`;
  deliverToMailbox(destination, subject, html);
};

// ---------------------------------------------------------------------------------------------
// Password policy

/** Cognito's InvalidPasswordException, with its own wording. */
function invalidPassword(reason) {
  return new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
}

function checkPasswordPolicy(userPool, password) {
  const reason = passwordPolicyViolation(userPool.options.Policies?.PasswordPolicy, password);
  if (reason) throw invalidPassword(reason);
}

function decodeJwtPayload(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Wraps a target: `before(services, ctx, req)` runs first and may throw Cognito's error. */
function guard(name, before) {
  const original = Targets[name];
  Targets[name] = (services) => {
    const target = original(services);
    return async (ctx, req) => {
      await before(services, ctx, req);
      return target(ctx, req);
    };
  };
}

guard('ConfirmForgotPassword', async ({ cognito }, ctx, req) => {
  checkPasswordPolicy(await cognito.getUserPoolForClientId(ctx, req.ClientId), req.Password);
});
guard('AdminSetUserPassword', async ({ cognito }, ctx, req) => {
  checkPasswordPolicy(await cognito.getUserPool(ctx, req.UserPoolId), req.Password);
});
guard('ChangePassword', async ({ cognito }, ctx, req) => {
  const clientId = decodeJwtPayload(req.AccessToken)?.client_id;
  if (!clientId) throw new InvalidParameterError();
  checkPasswordPolicy(await cognito.getUserPoolForClientId(ctx, clientId), req.ProposedPassword);
});

// ---------------------------------------------------------------------------------------------
// SignUp: the client's write attributes, no `sub` from the caller, the password policy

const originalSignUp = Targets.SignUp;
Targets.SignUp = (services) => {
  // PreSignUp sees what the caller sent, as in Cognito: not the sub cognito-local generated.
  const triggers = Object.create(services.triggers);
  triggers.preSignUp = (ctx, event) =>
    services.triggers.preSignUp(ctx, { ...event, userAttributes: (event.userAttributes ?? []).filter((a) => a.Name !== 'sub') });
  const target = originalSignUp({ ...services, triggers });
  return async (ctx, req) => {
    const appClient = await services.cognito.getAppClient(ctx, req.ClientId);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const names = (req.UserAttributes ?? []).map((a) => a.Name);
    const writable = appClient?.WriteAttributes;
    // `sub` is never writable in Cognito, whatever the client says.
    if (names.some((name) => name === 'sub' || (writable && !writable.includes(name)))) {
      throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
    }
    checkPasswordPolicy(userPool, req.Password);
    return target(ctx, req);
  };
};

// ConfirmSignUp: the code went to the e-mail address, so the address is verified (as in Cognito).
const originalConfirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const target = originalConfirmSignUp(services);
  return async (ctx, req) => {
    const result = await target(ctx, req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (user && !userPoolService.attributesInclude('email_verified', user.Attributes)) {
      await userPool.saveUser(ctx, {
        ...user,
        Attributes: [...user.Attributes, { Name: 'email_verified', Value: 'true' }],
      });
    }
    return result;
  };
};

// ---------------------------------------------------------------------------------------------
// ResendConfirmationCode (missing from cognito-local 5.3)

Targets.ResendConfirmationCode = ({ cognito, clock, messages, otp }) => async (ctx, req) => {
  const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
  const deliveryDetails = selectAppropriateDeliveryMethod(userPool.options.AutoVerifiedAttributes ?? ['email'], user);
  if (!deliveryDetails) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
  const code = otp();
  await messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
  await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
  return { CodeDeliveryDetails: deliveryDetails };
};

// ---------------------------------------------------------------------------------------------
// GetTokensFromRefreshToken (missing from cognito-local 5.3): how Amplify v6 renews a session
// whose access token is past its hour. Answered as InitiateAuth REFRESH_TOKEN_AUTH answers (the
// same user lookup by refresh token, the same tokens); Cognito keeps the refresh token when the
// client does not rotate it, so none comes back.

Targets.GetTokensFromRefreshToken = (services) => async (ctx, req) => {
  if (!req.RefreshToken) throw new InvalidParameterError('Missing required parameter RefreshToken');
  const answer = await Targets.InitiateAuth(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
    ClientMetadata: req.ClientMetadata,
  });
  const { AccessToken, IdToken } = answer.AuthenticationResult ?? {};
  if (!AccessToken || !IdToken) throw new NotAuthorizedError();
  return { AuthenticationResult: { AccessToken, IdToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
};

// ---------------------------------------------------------------------------------------------
// E-mail usernames whatever their capitals

const { UserPoolServiceImpl } = userPoolService;
const originalGetUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function getUserByUsername(ctx, username) {
  const user = await originalGetUserByUsername.call(this, ctx, username);
  if (user || typeof username !== 'string' || !username.includes('@') || !this.options.UsernameAttributes?.includes('email')) {
    return user;
  }
  const wanted = username.toLowerCase();
  const users = await this.dataStore.get(ctx, 'Users', {});
  return (
    Object.values(users).find((candidate) => userPoolService.attributeValue('email', candidate.Attributes)?.toLowerCase() === wanted) ?? null
  );
};
