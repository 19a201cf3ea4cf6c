import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { eventHandlers, routes } from '#shared/routes';
import { BASE_PREFIX, CATALOGUE_PREFIX } from '../../functions/src/search/catalogue-keys.js';
import { stageFrom } from '../../infra/lib/stage.js';
import { DEFAULT_BEDROCK_MODEL_ID, stageSettings } from '../../infra/stages.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';
import type { Template } from 'aws-cdk-lib/assertions';

const { stack, template } = synthesize();
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const fnFor = (handlerModule: string) => {
  const fn = kalanFunctions(stack).find((candidate) => candidate.handlerModule === handlerModule);
  if (!fn) throw new Error(`No Lambda built from ${handlerModule}`);
  return fn;
};
type Statement = { Action: string | string[]; Resource: unknown };
const statementsOf = (tpl: Template, roleId: string): Statement[] =>
  (Object.values(tpl.findResources('AWS::IAM::Policy')) as CfnResource[])
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
const actionsOf = (tpl: Template, roleId: string) => statementsOf(tpl, roleId).flatMap((s) => [s.Action].flat());
const bucketId = logicalId(stack.search.catalogue);
const objectsArn = (prefix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${prefix}*`]] });
const catalogueArn = objectsArn(CATALOGUE_PREFIX);

describe('search catalogue bucket', () => {
  it('is private, encrypted, TLS-only and access-logged', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.objectLike({}),
      LoggingConfiguration: { LogFilePrefix: 's3/search-catalogue/', DestinationBucketName: Match.anyValue() },
    });
    expect(template.findResources('AWS::S3::Bucket')[bucketId]).toBeDefined();
  });
});

describe('stream indexer', () => {
  const indexer = fnFor(eventHandlers.searchIndexer);

  it("reads the table's stream from the start, only tutors' profile and tutor-profile records, with a dead-letter queue", () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(indexer) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.data.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['TUTOR_PROFILE'] } } } }) },
          { Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['PROFILE'] } }, NewImage: { role: { S: ['tuteur'] } } } }) },
          { Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['PROFILE'] } }, OldImage: { role: { S: ['tuteur'] } } } }) },
        ],
      },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack.search.deadLetters), 'Arn'] } } },
    });
  });

  it('may read the table (no Scan: the published tutors index) but never write it; writes the catalogue, deletes only old bases', () => {
    const roleId = logicalId(indexer.role!);
    const actions = actionsOf(template, roleId);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 's3:PutObject', 's3:DeleteObject']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    const query = statementsOf(template, roleId).find((s) => [s.Action].flat().includes('dynamodb:Query'));
    expect(JSON.stringify(query?.Resource)).toContain('/index/gsi3');
    const put = statementsOf(template, roleId).find((s) => [s.Action].flat().includes('s3:PutObject'));
    expect(put?.Resource).toEqual(catalogueArn);
    const remove = statementsOf(template, roleId).find((s) => [s.Action].flat().includes('s3:DeleteObject'));
    expect(remove?.Resource).toEqual(objectsArn(BASE_PREFIX));
    expect(functions[logicalId(indexer)]?.Properties.Environment.Variables.SEARCH_BUCKET).toEqual({ Ref: bucketId });
  });
});

describe('the pages the indexer publishes (functions/src/pages)', () => {
  const indexer = fnFor(eventHandlers.searchIndexer);
  const siteId = logicalId(stack.web.siteBucket);
  const siteObjects = (key: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteId, 'Arn'] }, `/${key}`]] });

  it("writes and deletes only the pages' keys of the site bucket, reads only its index.html, with the site's URL", () => {
    const statements = statementsOf(template, logicalId(indexer.role!));
    // Each (action, resource) pair on the site bucket (CDK merges statements of the same action).
    const onSite = statements
      .flatMap((statement) => [statement.Action].flat().flatMap((action) => [statement.Resource].flat().map((resource) => `${action} ${JSON.stringify(resource)}`)))
      .filter((pair) => pair.includes(siteId));
    const pair = (action: string, resource: unknown) => `${action} ${JSON.stringify(resource)}`;
    const pages = ['tutors/*', 'repetiteurs/*', 'sitemap.xml', 'robots.txt'].map(siteObjects);
    expect(onSite.sort()).toEqual(
      [
        pair('s3:GetObject', siteObjects('index.html')),
        ...pages.flatMap((resource) => [pair('s3:PutObject', resource), pair('s3:DeleteObject', resource)]),
        pair('s3:ListBucket', { 'Fn::GetAtt': [siteId, 'Arn'] }),
      ].sort(),
    );
    const variables = functions[logicalId(indexer)]?.Properties.Environment.Variables;
    expect(variables.SITE_BUCKET).toEqual({ Ref: siteId });
    expect(JSON.stringify(variables.SITE_URL)).toContain(logicalId(stack.web.distribution));
    // No other function touches the site bucket (CDK's deployment aside, which is not a Kalan function).
    for (const fn of kalanFunctions(stack).filter((other) => other !== indexer)) {
      expect(JSON.stringify(statementsOf(template, logicalId(fn.role!))), fn.handlerModule).not.toContain(siteId);
    }
  });
});

describe('search and recommendation Lambdas', () => {
  it('read the catalogue (and nothing else of the bucket) from SEARCH_BUCKET, without writing it', () => {
    for (const handlerModule of [routes.searchTutors.handler, routes.recommendTutors.handler]) {
      const fn = fnFor(handlerModule);
      expect(functions[logicalId(fn)]?.Properties.Environment.Variables.SEARCH_BUCKET, handlerModule).toEqual({
        Ref: bucketId,
      });
      const statements = statementsOf(template, logicalId(fn.role!));
      const reads = statements.filter((s) => [s.Action].flat().includes('s3:GetObject')).flatMap((s) => [s.Resource].flat());
      expect(reads, handlerModule).toContainEqual(catalogueArn);
      // Their other reads are tutor photos (to sign the cards' addresses, uploads.test.ts): no
      // other object of the search bucket.
      const searchBucketReads = reads.filter((resource) => JSON.stringify(resource).includes(bucketId));
      expect(searchBucketReads, handlerModule).toEqual([catalogueArn]);
      expect(actionsOf(template, logicalId(fn.role!))).not.toContain('s3:PutObject');
      expect(actionsOf(template, logicalId(fn.role!))).not.toContain('s3:DeleteObject');
    }
  });

  it("let only the recommendation Lambda call the stage's Bedrock model (the default of infra/stages.ts)", () => {
    const recommend = fnFor(routes.recommendTutors.handler);
    expect(functions[logicalId(recommend)]?.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(actionsOf(template, logicalId(recommend.role!))).toContain('bedrock:InvokeModel');
    const search = fnFor(routes.searchTutors.handler);
    expect(actionsOf(template, logicalId(search.role!)).filter((a) => a.startsWith('bedrock:'))).toEqual([]);
  });

  it('take the model a stage sets, and leave Bedrock off for a stage that sets none', () => {
    const model = 'eu.anthropic.claude-3-haiku-20240307-v1:0';
    for (const bedrockModelId of [model, null]) {
      const stage = stageFrom({ ...stageSettings('dev'), name: 'dev', bedrockModelId });
      const { stack: custom, template: tpl } = synthesize({ stage });
      const recommend = kalanFunctions(custom).find((f) => f.handlerModule === routes.recommendTutors.handler)!;
      const all = tpl.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
      expect(all[logicalId(recommend)]?.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBe(bedrockModelId ?? undefined);
      expect(actionsOf(tpl, logicalId(recommend.role!)).includes('bedrock:InvokeModel')).toBe(bedrockModelId !== null);
    }
  });
});
