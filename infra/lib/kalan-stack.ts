import { type App, CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { Data } from './data.js';
import { Escrow } from './escrow.js';
import { acknowledge } from './nag.js';
import { WEB_DIST } from './paths.js';
import { Search } from './search.js';
import { stackNameFor, type Stage } from './stage.js';
import { Uploads } from './uploads.js';
import { Web } from './web.js';

export interface KalanStackProps extends StackProps {
  readonly stage: Stage;
  /** @default web/dist */
  readonly spaDistDir?: string;
}

/**
 * One stack per stage. Environment-agnostic (no account/region, no lookups), so it synthesizes
 * offline; the account and region come from the credentials at deploy time.
 */
export class KalanStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly search: Search;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: KalanStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.data = new Data(this, 'Data', { stage });
    const { table, accessLogs } = this.data;
    this.auth = new Auth(this, 'Auth', { stage, table });
    const { userPool, userPoolClient } = this.auth;
    this.api = new Api(this, 'Api', { stage, table, userPool, userPoolClient });
    this.search = new Search(this, 'Search', { stage, data: this.data, api: this.api });
    new Uploads(this, 'Uploads', { api: this.api, data: this.data });
    this.web = new Web(this, 'Web', {
      stage,
      apiDomainName: this.api.domainName,
      accessLogs,
      runtimeConfig: {
        stage: stage.name,
        region: this.region,
        userPoolId: userPool.userPoolId,
        userPoolClientId: userPoolClient.userPoolClientId,
        // Same origin: CloudFront routes /api/* to the HTTP API.
        apiBaseUrl: '',
      },
      spaDistDir: props.spaDistDir ?? WEB_DIST,
    });
    this.data.allowBrowserTransfersFrom(this.web.siteOrigin);
    new Escrow(this, 'Escrow', { stage, table, api: this.api, siteUrl: this.web.siteOrigin });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteOrigin });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
    new CfnOutput(this, 'ApiUrl', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });

    this.acknowledgeStackWideNagFindings();
  }

  /** Findings that hold for every Lambda of the stack, ours and CDK's own custom resources. */
  private acknowledgeStackWideNagFindings(): void {
    acknowledge(
      this,
      'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs.',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    );
  }
}

/**
 * Adds the stage's stack to the app with the cdk-nag AwsSolutions checks (a validation plugin,
 * run at synthesis): shared by `cdk synth` and the tests, so both check the same thing.
 */
export function addKalanStack(app: App, stage: Stage, options: Pick<KalanStackProps, 'spaDistDir'> = {}): KalanStack {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return new KalanStack(app, stackNameFor(stage), {
    ...options,
    stage,
    description: `Kalan (${stage.name}): SPA, HTTP API, Cognito, DynamoDB`,
  });
}
