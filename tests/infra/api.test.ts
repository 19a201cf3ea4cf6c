import { describe, expect, it } from 'vitest';
import { type RouteDefinition, routeKey, routes } from '#shared/routes';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

const { stack, template } = synthesize();
const declaredRoutes = Object.values(routes) as RouteDefinition[];
// The HTTP API's routes (the messages' WebSocket API has its own: tests/infra/realtime.test.ts).
const templateRoutes = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as CfnResource[]).filter(
  (route) => route.Properties.ApiId?.Ref === logicalId(stack.api.httpApi),
);
const routeByKey = new Map(templateRoutes.map((route) => [route.Properties.RouteKey as string, route.Properties]));
const publicKeysDeclared = new Set(declaredRoutes.filter((r) => r.auth === 'public').map(routeKey));

describe('HTTP API routes', () => {
  it('creates exactly one route per entry of the shared route table', () => {
    expect(templateRoutes).toHaveLength(declaredRoutes.length);
    expect([...routeByKey.keys()].sort()).toEqual(declaredRoutes.map(routeKey).sort());
  });

  it('guards every route not declared public with the Cognito JWT authorizer', () => {
    const authorizers = template.findResources('AWS::ApiGatewayV2::Authorizer', {
      Properties: { AuthorizerType: 'JWT' },
    });
    const [authorizerId, ...others] = Object.keys(authorizers);
    expect(authorizerId).toBeDefined();
    expect(others).toEqual([]);

    const guarded = declaredRoutes.filter((r) => r.auth === 'jwt');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      expect(routeByKey.get(routeKey(route)), routeKey(route)).toMatchObject({
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: authorizerId },
      });
    }
  });

  it('leaves public exactly the routes the table declares public (webhooks), with no authorizer', () => {
    const publicInTemplate = templateRoutes
      .filter((route) => route.Properties.AuthorizationType !== 'JWT' || route.Properties.AuthorizerId === undefined)
      .map((route) => route.Properties.RouteKey as string);
    expect(new Set(publicInTemplate)).toEqual(publicKeysDeclared);
    for (const key of publicKeysDeclared) {
      expect(routeByKey.get(key)?.AuthorizerId).toBeUndefined();
    }
  });

  it('accepts only tokens issued by the Kalan user pool for the web client', () => {
    const { auth } = stack;
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(auth.userPoolClient) }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: logicalId(auth.userPool) }],
          ],
        },
      },
    });
  });

  it("sends each route to the Lambda built from the route's handler module", () => {
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, CfnResource>;
    const handlerByFunctionId = new Map(kalanFunctions(stack).map((fn) => [logicalId(fn), fn.handlerModule]));
    for (const route of declaredRoutes) {
      const target = routeByKey.get(routeKey(route))?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = integrations[target['Fn::Join'][1][1].Ref];
      const [functionId] = integration?.Properties.IntegrationUri['Fn::GetAtt'] as [string, string];
      expect(handlerByFunctionId.get(functionId), routeKey(route)).toBe(route.handler);
    }
  });

  it('builds one Lambda per distinct handler module, not one per route, all in the API functions\' nested stack', () => {
    const apiHandlers = kalanFunctions(stack.apiFunctions).map((fn) => fn.handlerModule);
    expect(apiHandlers.sort()).toEqual([...new Set(declaredRoutes.map((r) => r.handler))].sort());
    expect([...stack.api.functions.values()].map((fn) => fn.handlerModule).sort()).toEqual(apiHandlers);
  });

  it("lets API Gateway invoke each function from its route only, or from the API for a module serving several routes", () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')) as CfnResource[];
    for (const [handlerModule, fn] of stack.api.functions) {
      const own = permissions.filter((p) => JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [logicalId(fn), 'Arn'] }));
      const paths = declaredRoutes.filter((r) => r.handler === handlerModule).map((r) => r.path);
      const scope = paths.length > 1 ? '/*/*/*' : `/*/*${paths[0]}`;
      expect(own, handlerModule).toHaveLength(1);
      expect(own[0]!.Properties, handlerModule).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
      const sourceArn = own[0]!.Properties.SourceArn['Fn::Join'][1] as unknown[];
      expect(sourceArn.slice(-2), handlerModule).toEqual([{ Ref: logicalId(stack.api.httpApi) }, scope]);
    }
  });

  it('serves the API on the auto-deployed $default stage, throttled and access-logged', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [logicalId(stack.api.node.findChild('AccessLogs')), 'Arn'] },
      },
    });
  });
});
