/**
 * The messages' WebSocket API (issue 31, infra/lib/realtime.ts): `$connect` behind the Cognito
 * token's authorizer, its three routes on the socket function, one stage with access logs that
 * never carry the token, the functions that push — and only they — allowed to manage this stage's
 * connections, the address in /config.json and in the CSP, and its alarms.
 */
import { describe, expect, it } from 'vitest';
import { eventHandlers } from '#shared/routes';
import { PERMISSIONS } from '../../infra/lib/permissions.js';
import { REALTIME_STAGE_NAME } from '../../infra/lib/realtime.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

type Json = Record<string, any>;
const { stack, template, templates } = synthesize();
const resources = template.toJSON().Resources as Record<string, CfnResource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const apiId = logicalId(stack.realtime.api);
const functions = kalanFunctions(stack);
const fn = (module: string) => functions.find((f) => f.handlerModule === module)!;
const roleOf = (module: string) => resources[logicalId(fn(module))]!.Properties.Role['Fn::GetAtt'][0] as string;
const statementsOfRole = (roleId: string) =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
const manages = (statement: Json) => [statement.Action].flat().includes('execute-api:ManageConnections');

describe('the WebSocket API', () => {
  it('lives with its routes, authorizer and functions in its own nested stack; its access logs stay at the top with the other log groups', () => {
    const nested = templates.get(stack.realtimeStack.node.path)!.toJSON().Resources as Record<string, CfnResource>;
    const types = new Set(Object.values(nested).map((r) => r.Type));
    expect([...types].sort()).toEqual([
      'AWS::ApiGatewayV2::Api',
      'AWS::ApiGatewayV2::Authorizer',
      'AWS::ApiGatewayV2::Integration',
      'AWS::ApiGatewayV2::Route',
      'AWS::ApiGatewayV2::Stage',
      'AWS::IAM::Policy',
      'AWS::IAM::Role',
      'AWS::Lambda::Function',
      'AWS::Lambda::Permission',
    ]);
    expect(kalanFunctions(stack.realtimeStack).map((f) => f.handlerModule).sort()).toEqual([eventHandlers.socket, eventHandlers.socketAuthorizer].sort());
  });

  it('authorises $connect with the token of ?token= through the authorizer function, and routes $connect, $disconnect and $default to the socket function', () => {
    const authorizers: Json[] = ofType('AWS::ApiGatewayV2::Authorizer').map(([id, r]) => ({ id, ...r.Properties }));
    expect(authorizers).toHaveLength(1 + ofType('AWS::ApiGatewayV2::Authorizer').filter(([, r]) => r.Properties.AuthorizerType === 'JWT').length);
    const [authorizer] = authorizers.filter((a) => a.ApiId?.Ref === apiId);
    expect(authorizer).toMatchObject({ AuthorizerType: 'REQUEST', IdentitySource: ['route.request.querystring.token'] });
    expect(JSON.stringify(authorizer!.AuthorizerUri)).toContain(logicalId(fn(eventHandlers.socketAuthorizer)));

    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId?.Ref === apiId).map(([, r]) => r.Properties);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const route of routes) {
      // Only $connect can (and must) be authorised: the others exist only on a connection that passed it.
      expect(route, route.RouteKey).toMatchObject(
        route.RouteKey === '$connect' ? { AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizer!.id } } : { AuthorizationType: 'NONE' },
      );
      const integrationId = (route.Target['Fn::Join'][1] as Json[]).find((part) => part.Ref)!.Ref as string;
      expect(resources[integrationId]!.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY' });
      expect(JSON.stringify(resources[integrationId]!.Properties.IntegrationUri)).toContain(logicalId(fn(eventHandlers.socket)));
    }
  });

  it("lets API Gateway invoke the socket function for each route key only, and the authorizer for this API's authorizers only", () => {
    const permissions = ofType('AWS::Lambda::Permission')
      .map(([, r]) => r.Properties)
      .filter((p) => [logicalId(fn(eventHandlers.socket)), logicalId(fn(eventHandlers.socketAuthorizer))].includes(p.FunctionName['Fn::GetAtt']?.[0]));
    expect(permissions).toHaveLength(4);
    const sources = permissions.map((p) => JSON.stringify(p.SourceArn));
    for (const routeKey of ['$connect', '$disconnect', '$default']) expect(sources.filter((s) => s.includes(`/*${routeKey}`))).toHaveLength(1);
    expect(sources.filter((s) => s.includes('/authorizers/'))).toHaveLength(1);
    for (const permission of permissions) expect(permission.Principal).toBe('apigateway.amazonaws.com');
  });

  it('has one auto-deployed, throttled stage whose access logs never carry the query string (the token)', () => {
    const stages = ofType('AWS::ApiGatewayV2::Stage').filter(([, r]) => r.Properties.ApiId?.Ref === apiId).map(([, r]) => r.Properties);
    expect(stages).toHaveLength(1);
    expect(stages[0]).toMatchObject({ StageName: REALTIME_STAGE_NAME, AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 } });
    const format = stages[0]!.AccessLogSettings.Format as string;
    expect(format).toContain('$context.connectionId');
    expect(format).not.toMatch(/querystring|token|request\.header/i);
  });
});

describe('who may push', () => {
  const pushers = Object.entries(PERMISSIONS).filter(([, row]) => row.manageConnections).map(([module]) => module).sort();

  it('is the messages API, the reports API (a hidden message) and the socket function (its pong), as their rows declare', () => {
    expect(pushers).toEqual(['messages/api', 'messages/reports-api', 'messages/socket']);
  });

  it('grants ManageConnections to those functions only, on this API and stage only, with the management endpoint in their environment', () => {
    const holders = functions.filter((f) => statementsOfRole(roleOf(f.handlerModule)).some(manages)).map((f) => f.handlerModule).sort();
    expect(holders).toEqual(pushers);
    for (const module of pushers) {
      const [statement, ...others] = statementsOfRole(roleOf(module)).filter(manages);
      expect(others).toEqual([]);
      expect(statement!.Action).toBe('execute-api:ManageConnections');
      const resource = JSON.stringify(statement!.Resource);
      expect(resource).toContain(apiId);
      expect(resource).toContain(`/${REALTIME_STAGE_NAME}/*/@connections/*`);
      const environment = resources[logicalId(fn(module))]!.Properties.Environment.Variables as Json;
      expect(JSON.stringify(environment.REALTIME_MANAGEMENT_ENDPOINT)).toContain(apiId);
      expect(JSON.stringify(environment.REALTIME_MANAGEMENT_ENDPOINT)).toContain(`/${REALTIME_STAGE_NAME}`);
      expect(JSON.stringify(environment.REALTIME_MANAGEMENT_ENDPOINT)).toMatch(/https:\/\//);
    }
    for (const other of functions.filter((f) => !pushers.includes(f.handlerModule))) {
      expect(resources[logicalId(other)]!.Properties.Environment?.Variables?.REALTIME_MANAGEMENT_ENDPOINT, other.handlerModule).toBeUndefined();
    }
  });

  it("gives the authorizer its pool and app client, and nothing of the table but profiles' reads", () => {
    const environment = resources[logicalId(fn(eventHandlers.socketAuthorizer))]!.Properties.Environment.Variables as Json;
    expect(environment.USER_POOL_ID).toEqual({ Ref: logicalId(stack.auth.userPool) });
    expect(environment.USER_POOL_CLIENT_ID).toEqual({ Ref: logicalId(stack.auth.userPoolClient) });
    const onTable = statementsOfRole(roleOf(eventHandlers.socketAuthorizer)).filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(onTable.map((s) => [s.Action, s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']])).toEqual([['dynamodb:GetItem', ['USER#*']]]);
  });
});

describe('the browser', () => {
  it("finds the socket's wss:// address in /config.json", () => {
    const [deployment] = Object.values(template.findResources('Custom::CDKBucketDeployment')) as CfnResource[];
    // The file is written with markers for the deploy-time values: the API's id among them…
    expect(JSON.stringify(deployment!.Properties.SourceMarkers)).toContain(`{"Ref":"${apiId}"}`);
    // …in the stage's wss:// address, which the construct hands to config.json as `realtimeUrl`.
    const url = JSON.stringify(stack.resolve(stack.realtime.stage.url));
    expect(url).toContain('wss://');
    expect(url).toContain(`/${REALTIME_STAGE_NAME}`);
  });

  it("may connect to it under the site's CSP (connect-src)", () => {
    const [policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy').map(([, r]) => r.Properties);
    const csp = JSON.stringify(policy!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toMatch(/connect-src[^;]*wss:\/\//);
    expect(csp).toContain(apiId);
  });
});

describe('alarms', () => {
  /** Each alarm with the one metric it reads (the facade writes them as `Metrics: [{ MetricStat }]`). */
  const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => ({ ...r.Properties, metric: r.Properties.Metrics?.[0]?.MetricStat?.Metric as Json | undefined }));

  it("alarm on the WebSocket API's integration and execution errors", () => {
    const onApi = alarms.filter((a) => a.metric?.Namespace === 'AWS/ApiGateway' && JSON.stringify(a.metric.Dimensions).includes(apiId));
    expect(onApi.map((a) => a.metric!.MetricName).sort()).toEqual(['ExecutionError', 'IntegrationError']);
    for (const alarm of onApi) {
      expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
      expect(alarm.metric!.Dimensions).toEqual(expect.arrayContaining([{ Name: 'Stage', Value: REALTIME_STAGE_NAME }]));
    }
  });

  it('alarm on any error of the socket and authorizer functions', () => {
    for (const module of [eventHandlers.socket, eventHandlers.socketAuthorizer]) {
      const onFunction = alarms.filter((a) => a.metric?.MetricName === 'Errors' && JSON.stringify(a.metric.Dimensions).includes(logicalId(fn(module))));
      expect(onFunction, module).toHaveLength(1);
    }
  });
});
