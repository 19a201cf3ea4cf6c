import { type App, Aspects, CfnOutput, CfnResource, type IAspect, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Construct, type IConstruct } from 'constructs';
import { PAGES_PUBLISHER_OUTPUT } from '../../functions/src/pages/page-keys.js';
import { PHOTO_RESIZER_OUTPUT } from '../../functions/src/photos/backfill-request.js';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { Data } from './data.js';
import { Escrow } from './escrow.js';
import { Monitoring } from './monitoring.js';
import { Notifications } from './notifications.js';
import { WhatsApp } from './whatsapp.js';
import { Payouts } from './payouts.js';
import { acknowledge } from './nag.js';
import { Realtime } from './realtime.js';
import { Reconciler } from './reconciler.js';
import { WEB_DIST } from './paths.js';
import { Search } from './search.js';
import { KalanNestedStack } from './stacks.js';
import type { Stage } from './stage.js';
import { EDGE_REGION, requiresCloudFrontWaf, stackNames } from '../stages.js';
import { Uploads } from './uploads.js';
import { Web } from './web.js';
import { EdgeStack, KalanWebAcl } from './waf.js';

export interface KalanStackProps extends StackProps {
  readonly stage: Stage;
  /** @default web/dist */
  readonly spaDistDir?: string;
  /** The us-east-1 stack holding CloudFront's WAF ACL (none when the stage's region is not pinned). */
  readonly edge?: EdgeStack;
}

/**
 * Resources that hold data or history. Each follows the stage's removal policy, and every log
 * group its retention, CDK's own too (CDK creates the BucketDeployment's log group RETAIN, kept
 * two years).
 */
export const STATEFUL_RESOURCE_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::S3::Bucket',
  'AWS::Cognito::UserPool',
  'AWS::Logs::LogGroup',
  'AWS::StepFunctions::StateMachine',
];

/**
 * One stack per stage (infra/stages.ts), split by concern into nested stacks (docs/decisions.md,
 * "Issue 29: stacks by concern"). This top-level stack keeps every resource that holds data or
 * whose identity something else holds (the table, buckets, keys, user pool, log groups, the
 * distribution, the API and its routes, the workflow and its tasks, the stream consumers, the
 * alarms): none is moved, so a stage deployed before the split upgrades in place. The nested
 * stacks hold what CloudFormation may replace without loss: the API's functions (`apiFunctions`)
 * and the background jobs (`jobs`: the reconciler, the photo resizer). No lookups, so it
 * synthesizes offline; the account and region are the stage's when it pins them, otherwise those
 * of the credentials at deploy time.
 */
export class KalanStack extends Stack {
  /** The route table's functions, with their integrations and invoke permissions. */
  readonly apiFunctions: KalanNestedStack;
  /** Work started by a schedule or an event: the reconciler, the photo resizer. */
  readonly jobs: KalanNestedStack;
  /** Tutors' payouts (issue 30): the payout workflow's task function and the payouts reconciler with its schedule. */
  readonly payoutJobs: KalanNestedStack;
  readonly payouts: Payouts;
  /** The messages' WebSocket API with its routes, authorizer and functions (issue 31). */
  readonly realtimeStack: KalanNestedStack;
  readonly realtime: Realtime;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly search: Search;
  readonly notifications: Notifications;
  readonly web: Web;
  /** Where operations alarms go; e-mailed to the stage's alarmEmail when it has one. */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: KalanStackProps) {
    super(scope, id, props);
    const { stage } = props;
    Aspects.of(this).add(new StageRemovalPolicy(stage));

    this.data = new Data(this, 'Data', { stage });
    const { table, accessLogs } = this.data;
    this.auth = new Auth(this, 'Auth', { stage, table });
    const { userPool, userPoolClient } = this.auth;
    this.apiFunctions = new KalanNestedStack(this, 'ApiFunctions', {
      description: `Kalan (${stage.name}): the HTTP API's functions, integrations and invoke permissions`,
    });
    this.jobs = new KalanNestedStack(this, 'Jobs', { description: `Kalan (${stage.name}): the reconciler and the photo resizer` });
    // The functions at the same path in their nested stack as they had here (`Api/<Module>`): their
    // alarms (named after that path, infra/lib/monitoring.ts) keep their names and logical ids.
    const functionsScope = new Construct(this.apiFunctions, 'Api');
    this.api = new Api(this, 'Api', { stage, table, userPool, userPoolClient, functionsScope });
    // API functions with Cognito rights (the account deletion): on this pool only.
    for (const fn of this.api.functions.values()) this.auth.grantDeclared(fn);
    // After the API: the messages API pushes to the sockets (its row's `manageConnections`).
    this.realtimeStack = new KalanNestedStack(this, 'Realtime', {
      description: `Kalan (${stage.name}): the messages' WebSocket API, its authorizer and its functions`,
    });
    this.realtime = new Realtime(this, 'RealtimeApi', { stage, table, userPool, userPoolClient, scope: this.realtimeStack });
    this.search = new Search(this, 'Search', { stage, data: this.data, api: this.api });
    const uploads = new Uploads(this.jobs, 'Uploads', { stage, api: this.api, data: this.data });
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
        // The WebSocket API's own address (CloudFront does not carry it): `wss://…/live`.
        realtimeUrl: this.realtime.stage.url,
      },
      realtimeOrigin: this.realtime.origin,
      spaDistDir: props.spaDistDir ?? WEB_DIST,
      webAclArn: props.edge?.cloudFrontAcl.webAcl.attrArn,
      photos: this.data.tutorPhotos,
    });
    // The indexer publishes the pages visitors and search engines read into the site bucket.
    this.web.grantPages(this.search.indexer);
    // Sign-up, sign-in and codes go straight to Cognito: its own (regional) WAF ACL.
    new KalanWebAcl(this, 'UserPoolAcl', { stage, scope: 'REGIONAL' }).associate('UserPool', userPool.userPoolArn);
    this.data.allowBrowserTransfersFrom(this.web.siteOrigin);
    const escrow = new Escrow(this, 'Escrow', { stage, table, api: this.api, siteUrl: this.web.siteOrigin });
    new Reconciler(this.jobs, 'Reconciler', { stage, table, escrow });
    // The payout state machine and its logs here, with the escrow's; its functions in their nested stack.
    this.payoutJobs = new KalanNestedStack(this, 'Payouts', {
      description: `Kalan (${stage.name}): the payout workflow's tasks and the payouts reconciler`,
    });
    this.payouts = new Payouts(this, 'PayoutWorkflow', { stage, table, api: this.api, siteUrl: this.web.siteOrigin, functionsScope: this.payoutJobs });
    this.notifications = new Notifications(this, 'Notifications', { stage, table, api: this.api, siteUrl: this.web.siteOrigin });
    // WhatsApp (issue 34): its credentials to every function whose row declares them, all built by now.
    new WhatsApp(this, 'WhatsApp', { stage }).grantDeclared(this);

    this.alarmTopic = new Topic(this, 'Alarms', { displayName: `Kalan ${stage.name} : alarmes`, enforceSSL: true });
    if (stage.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(stage.alarmEmail));
    acknowledge(
      this.alarmTopic,
      'CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key; alarm notifications carry no personal data.',
      'AwsSolutions-SNS2',
    );
    // Alarms on every function, state machine, API and dead-letter queue of the stage (found by an
    // aspect at synthesis, wherever they are added, nested stacks included) and one dashboard, here.
    new Monitoring(this, 'Monitoring', { stage, alarmTopic: this.alarmTopic });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteOrigin });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
    new CfnOutput(this, 'ApiUrl', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    // What the deploy invokes to publish the pages again from the new index.html (infra/scripts/deploy.ts).
    new CfnOutput(this, PAGES_PUBLISHER_OUTPUT, { value: this.search.indexer.functionName });
    // What the deploy invokes to move the profile photos to the current layout (photos/backfill.ts).
    new CfnOutput(this, PHOTO_RESIZER_OUTPUT, { value: uploads.photoResizer.functionName });

    this.acknowledgeStackWideNagFindings();
  }

  /** Findings that hold for every Lambda of the stack, ours and CDK's own custom resources. */
  private acknowledgeStackWideNagFindings(): void {
    acknowledge(
      this,
      'AWSLambdaBasicExecutionRole grants only the CloudWatch Logs actions a function needs to write its logs (create a group or stream, put events), on any group: they read nothing.',
      // Managed policy ARNs always name the partition with a reference, whatever the stack's environment.
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    );
  }
}

class StageRemovalPolicy implements IAspect {
  constructor(private readonly stage: Stage) {}

  visit(node: IConstruct): void {
    if (node instanceof CfnResource && STATEFUL_RESOURCE_TYPES.includes(node.cfnResourceType)) {
      node.applyRemovalPolicy(this.stage.removalPolicy);
    }
    if (node instanceof CfnLogGroup) node.retentionInDays = this.stage.logRetention;
  }
}

/**
 * Adds the stage's stack to the app with the cdk-nag AwsSolutions checks (a validation plugin,
 * run at synthesis): shared by `cdk synth` and the tests, so both check the same thing.
 */
export function addKalanStack(app: App, stage: Stage, options: Pick<KalanStackProps, 'spaDistDir'> = {}): KalanStack {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // CloudFront's ACL must be in us-east-1, read by a cross-region reference, which needs both
  // stacks' regions known at synthesis: a stage that pins none gets no CloudFront ACL (a warning
  // says so), which production and a stage with a domain may not (docs/decisions.md, "Edges", issue 28).
  const names = stackNames(stage);
  if (!names.edge && requiresCloudFrontWaf(stage)) {
    throw new Error(`Stage ${stage.name}: production and a stage with a domain need CloudFront's WAF ACL, so a pinned region (infra/stages.ts).`);
  }
  const edge = names.edge
    ? new EdgeStack(app, names.edge, {
        stage,
        env: { account: stage.account, region: EDGE_REGION },
        crossRegionReferences: true,
        description: `Kalan (${stage.name}): CloudFront WAF ACL (us-east-1)`,
      })
    : undefined;
  return new KalanStack(app, names.main, {
    ...options,
    stage,
    edge,
    crossRegionReferences: edge !== undefined,
    env: stage.account || stage.region ? { account: stage.account, region: stage.region } : undefined,
    description: `Kalan (${stage.name}): SPA, HTTP API, Cognito, DynamoDB`,
  });
}
