import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebConfig } from '../../contracts/web-config';
import { SPA_REWRITE_CODE } from '../../lib/site';
import { DEFAULT_WAF_LIMITS } from '../../lib/settings';
import { fakeWebBuild, props, resourcesOfType, synth, type Synthesized } from './support';

let s: Synthesized;
let web: ReturnType<typeof fakeWebBuild>;
beforeAll(() => {
  web = fakeWebBuild();
  s = synth({ webDistDir: web.dir });
});
afterAll(() => {
  s.cleanup();
  web.cleanup();
});

const distribution = () => {
  const all = resourcesOfType(s.json, 'AWS::CloudFront::Distribution');
  expect(all).toHaveLength(1);
  return props(all[0]![1]).DistributionConfig as Record<string, unknown>;
};
const siteBucketId = () => resourcesOfType(s.json, 'AWS::S3::Bucket').find(([id]) => id.startsWith('SiteBucket'))![0];
const deployments = () => resourcesOfType(s.json, 'Custom::CDKBucketDeployment').map(([id, d]) => ({ id, p: props(d) }));
/** The staged folder of an asset the deployment uploads (`<hash>.zip` → `asset.<hash>`). */
const assetDir = (objectKey: string) => join(s.outdir, `asset.${objectKey.replace(/\.zip$/, '')}`);

describe('CloudFront in front of the private site bucket', () => {
  it('reads the bucket through Origin Access Control, never publicly', () => {
    const [oacId, oac] = resourcesOfType(s.json, 'AWS::CloudFront::OriginAccessControl')[0]!;
    expect(props(oac).OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    const origins = distribution().Origins as Record<string, unknown>[];
    expect(origins).toContainEqual(
      expect.objectContaining({
        DomainName: { 'Fn::GetAtt': [siteBucketId(), 'RegionalDomainName'] },
        OriginAccessControlId: { 'Fn::GetAtt': [oacId, 'Id'] },
        S3OriginConfig: { OriginAccessIdentity: '' },
      }),
    );
    const policy = resourcesOfType(s.json, 'AWS::S3::BucketPolicy')
      .map(([, p]) => props(p))
      .find((p) => JSON.stringify(p.Bucket) === JSON.stringify({ Ref: siteBucketId() }))!;
    const reads = (policy.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement.filter((st) => st.Effect === 'Allow' && st.Action === 's3:GetObject');
    expect(reads).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.objectContaining({ 'Fn::Join': expect.any(Array) }) } },
      }),
    ]);
    expect(JSON.stringify(reads[0]!.Condition)).toContain('SiteDistribution');
  });

  it('serves index.html at / and redirects http to https', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https' });
  });

  it('routes app paths to index.html with a viewer-request function, not with distribution-wide error pages', () => {
    const config = distribution();
    // Error responses would also rewrite the API's 403/404 JSON answers into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    const [fnId, fn] = resourcesOfType(s.json, 'AWS::CloudFront::Function')[0]!;
    expect(props(fn).FunctionCode).toBe(SPA_REWRITE_CODE);
    expect((config.DefaultCacheBehavior as Record<string, unknown>).FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    for (const behavior of config.CacheBehaviors as Record<string, unknown>[]) expect(behavior.FunctionAssociations).toBeUndefined();
  });

  it.each([
    ['/', '/index.html'],
    ['/dashboard', '/index.html'],
    ['/orders/123', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/config.json', '/config.json'],
    ['/logo.svg', '/logo.svg'],
  ])('the rewrite function sends %s to %s', (uri, expected) => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri } }).uri).toBe(expected);
  });

  it('sends /api/* to API Gateway uncached, with every viewer header but Host (so Authorization reaches the authorizer)', () => {
    const config = distribution();
    const api = (config.CacheBehaviors as Record<string, unknown>[]).find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'PATCH', 'POST', 'PUT', 'DELETE']),
    });
    const origin = (config.Origins as Record<string, unknown>[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });

  it('adds security headers to every answer', () => {
    const [policyId, policy] = resourcesOfType(s.json, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const headers = (props(policy).ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const config = distribution();
    for (const behavior of [config.DefaultCacheBehavior, ...(config.CacheBehaviors as unknown[])] as Record<string, unknown>[]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('logs requests into the access-log bucket with standard logging v2, which works in opt-in regions too (legacy logging does not)', () => {
    expect(distribution().Logging).toBeUndefined();
    // The delivery source, destination and delivery, made in us-east-1 (test/infra/image-delivery.test.ts checks them in detail).
    const deliveries = resourcesOfType(s.json, 'Custom::CloudFrontLogDelivery').map(([, r]) => JSON.stringify(props(r).Create));
    expect(deliveries).toHaveLength(3);
    expect(deliveries.join()).toContain('AccessLogsBucket');
    expect(deliveries.join()).toContain('SiteDistribution');
  });
});

describe('site content', () => {
  it('writes /config.json beside the site with the cloud values of contracts/web-config.ts', () => {
    // Source.jsonData: a config.json asset whose deploy-time values are markers the deployment replaces.
    const sources = deployments().flatMap(({ p }) =>
      (p.SourceObjectKeys as string[]).map((key, i) => ({ p, dir: assetDir(key), markers: ((p.SourceMarkers as Record<string, unknown>[] | undefined) ?? [])[i] ?? {} })),
    );
    const configs = sources.filter(({ dir }) => existsSync(join(dir, 'config.json')));
    expect(configs).toHaveLength(1);
    const { p, dir, markers } = configs[0]!;
    expect(p.DestinationBucketName).toEqual({ Ref: siteBucketId() });
    expect(p.DestinationBucketKeyPrefix).toBeUndefined();
    const raw = readFileSync(join(dir, 'config.json'), 'utf8');
    const config = JSON.parse(raw, (_k, v: unknown) => (typeof v === 'string' && v in markers ? markers[v] : v)) as Record<keyof WebConfig, unknown>;
    expect(config).toEqual({
      region: { Ref: 'AWS::Region' },
      userPoolId: { Ref: expect.stringMatching(/^AuthUserPool[A-F0-9]{8}$/) },
      userPoolClientId: { Ref: expect.stringMatching(/^AuthUserPoolWebClient/) },
      identityPoolId: { Ref: expect.stringMatching(/^AuthIdentityPool[A-F0-9]{8}$/) },
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '',
      productImagesBucket: { Ref: expect.stringMatching(/^ProductImagesBucket/) },
      marketplaceTimeZone: 'America/Los_Angeles',
    });
    expect(p.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(p.DistributionPaths).toEqual(['/*']);
  });

  it('uploads the built site: hashed assets immutable, pages revalidated, the local config.json left out', () => {
    const assets = deployments().find(({ p }) => p.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets.p.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(readdirSync(assetDir((assets.p.SourceObjectKeys as string[])[0]!))).toEqual(['index-abc123.js']);

    const pages = deployments().find(({ p }) => p.DestinationBucketKeyPrefix === undefined)!;
    const pageDirs = (pages.p.SourceObjectKeys as string[]).map(assetDir);
    const siteDir = pageDirs.find((dir) => existsSync(join(dir, 'index.html')))!;
    expect(readdirSync(siteDir).sort()).toEqual(['index.html']);
    for (const { p } of deployments()) expect(p.Prune).toBe(false);
  });
});

describe('edge web ACL (stack SellerPortal-<stage>-edge, us-east-1)', () => {
  type Rule = { Name: string; Priority: number; Statement: Record<string, Record<string, unknown>>; Action?: unknown; OverrideAction?: unknown; VisibilityConfig: Record<string, unknown> };
  const acl = () => {
    const all = resourcesOfType(s.edgeJson, 'AWS::WAFv2::WebACL');
    expect(all).toHaveLength(1);
    return { id: all[0]![0], p: props(all[0]![1]) };
  };
  const rule = (name: string) => (acl().p.Rules as Rule[]).find((r) => r.Name === name);

  it('is a CLOUDFRONT-scope web ACL in us-east-1, where CloudFront requires it, exported as WebAclArn', () => {
    expect(s.edge.stackName).toBe('SellerPortal-dev-edge');
    expect(s.edge.region).toBe('us-east-1');
    expect(acl().p).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(s.edgeJson.Outputs?.WebAclArn?.Value).toEqual({ 'Fn::GetAtt': [acl().id, 'Arn'] });
  });

  it('blocks more than wafIpLimit requests per IP in 5 minutes, and more than wafIpWriteLimit API writes', () => {
    expect(rule('RequestsPerIp')?.Statement.RateBasedStatement).toEqual({ AggregateKeyType: 'IP', Limit: DEFAULT_WAF_LIMITS.ip, EvaluationWindowSec: 300 });
    const writes = rule('ApiWritesPerIp')?.Statement.RateBasedStatement as Record<string, unknown>;
    expect(writes).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_WAF_LIMITS.ipWrite });
    const scope = JSON.stringify(writes.ScopeDownStatement);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(scope).toContain(`"${method}"`);
    expect(scope).toContain('"/api/"');
    for (const name of ['RequestsPerIp', 'ApiWritesPerIp']) {
      expect(rule(name)?.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    }
    expect(acl().p.CustomResponseBodies).toEqual({
      TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: JSON.stringify({ error: 'too_many_requests', message: 'Too many requests. Please wait a moment and try again.' }) },
    });
  });

  it('applies the AWS managed rule groups: IP reputation, common rule set, known bad inputs', () => {
    const managed = (acl().p.Rules as Rule[])
      .map((r) => r.Statement.ManagedRuleGroupStatement)
      .filter(Boolean)
      .map((m) => m!.Name);
    expect(managed).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
    for (const r of (acl().p.Rules as Rule[]).filter((x) => x.Statement.ManagedRuleGroupStatement)) expect(r.OverrideAction).toEqual({ None: {} });
  });

  it('reports every rule to CloudWatch metrics with sampled requests, and logs to an aws-waf-logs-* group without the Authorization header', () => {
    for (const r of acl().p.Rules as Rule[]) expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: expect.any(String) });
    const [, logging] = resourcesOfType(s.edgeJson, 'AWS::WAFv2::LoggingConfiguration')[0]!;
    expect(props(logging)).toMatchObject({
      ResourceArn: { 'Fn::GetAtt': [acl().id, 'Arn'] },
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
    const [, group] = resourcesOfType(s.edgeJson, 'AWS::Logs::LogGroup')[0]!;
    expect(props(group).LogGroupName).toBe('aws-waf-logs-seller-portal-dev-edge');
    expect(props(group).RetentionInDays).toBeGreaterThan(0);
  });

  it('is attached to the distribution only when -c webAclArn names it (a dev stage without it has none)', () => {
    expect(distribution().WebACLId).toBeUndefined();
  });
});
