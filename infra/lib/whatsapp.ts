import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { whatsappSecretName } from '../stages.js';
import { kalanFunctionsOf } from './kalan-function.js';
import type { Stage } from './stage.js';

export interface WhatsAppProps {
  readonly stage: Stage;
}

/**
 * WhatsApp (issue 34): the stage's Cloud API credentials, one Secrets Manager secret the operator
 * creates and fills (`{"access_token","app_secret","verify_token","phone_number_id"}`, never a value
 * in the repo; infra/stages.ts whatsappSecretName), read by every function whose row of
 * infra/lib/permissions.ts declares `whatsappSecret` — the notifier and the routes that notify, the
 * channel's routes, the webhook. Built after every function (it grants them all, nested stacks
 * included). A stage whose secret is not there yet fails the sends, and says so in its alarm.
 */
export class WhatsApp extends Construct {
  readonly secret: ISecret;

  constructor(scope: Construct, id: string, props: WhatsAppProps) {
    super(scope, id);
    this.secret = Secret.fromSecretNameV2(this, 'WhatsAppSecret', whatsappSecretName(props.stage.name));
  }

  /** Grants the secret to every function of `root` whose row declares it (call once all are built). */
  grantDeclared(root: Construct): void {
    for (const fn of kalanFunctionsOf(root)) {
      if (!fn.permissions.whatsappSecret) continue;
      fn.addEnvironment('WHATSAPP_SECRET_NAME', this.secret.secretName);
      this.secret.grantRead(fn);
      fn.markGranted('whatsappSecret');
    }
  }
}
