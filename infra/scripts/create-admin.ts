/**
 * `npm run create-admin -- --email … --first-name … --last-name …` creates an admin account.
 *
 * Locally (default) it talks to the stack started by `npm start`. In the cloud, pass the stack's
 * outputs: `--user-pool-id eu-west-1_XXXX --table Kalan-dev-Table… --region eu-west-1` (AWS
 * credentials from the usual chain). The password comes from KALAN_ADMIN_PASSWORD or is asked for;
 * it is never printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { newPasswordSchema } from '#shared';
import { awsEnvironment, localConfig } from '../local/config.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'user-pool-id': { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`[create-admin] ${message}`);
  process.exit(1);
}

// One account per address whatever its capitals: stored in lower case, as the sign-up form does.
const email = (values.email ?? fail('--email est obligatoire')).trim().toLowerCase();
const firstName = values['first-name'] ?? fail('--first-name est obligatoire');
const lastName = values['last-name'] ?? fail('--last-name est obligatoire');

let userPoolId = values['user-pool-id'];
let cognito: CognitoIdentityProviderClient;
if (userPoolId) {
  if (!values.table) fail('--table est obligatoire avec --user-pool-id');
  process.env.TABLE_NAME = values.table;
  if (values.region) process.env.AWS_REGION = values.region;
  cognito = new CognitoIdentityProviderClient({});
} else {
  const stackFile = path.join(localConfig.dataDir, 'stack.json');
  if (!existsSync(stackFile)) fail('la pile locale ne tourne pas : lancez `npm start` dans un autre terminal.');
  const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as { pool: { userPoolId: string } };
  userPoolId = stack.pool.userPoolId;
  Object.assign(process.env, awsEnvironment());
  cognito = new CognitoIdentityProviderClient({ credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

let password = process.env.KALAN_ADMIN_PASSWORD;
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  password = await prompt.question('Mot de passe de l’admin : ');
  prompt.close();
}
// The pool's policy and the SPA's: at least 8 characters, a letter and a digit.
const passwordCheck = newPasswordSchema.safeParse(password);
if (!passwordCheck.success) fail(passwordCheck.error.issues[0]!.message.toLowerCase());

// Imported after the environment is set: the data layer reads TABLE_NAME when it loads.
const { createAdmin } = await import('./admins.js');
const { created } = await createAdmin(cognito, userPoolId, { email, password, firstName, lastName });
console.log(`[create-admin] ${email} ${created ? 'créé' : 'existait déjà'} ; groupe admin et profil vérifiés.`);
