/**
 * Product image renditions and their delivery (issue 23), and the site's access logs in every region:
 * built in a stack of their own, wired as lib/seller-portal-stack.ts wires them (ProductImages with its
 * renditions bucket, ImageUrlSigning, the Site with the `/renditions/*` behaviour, connectImageUrls on
 * the functions that show images, the product-images bucket's CORS naming the distribution), with
 * cdk-nag, CloudFormation Guard and CloudFormation's own validation on, as every synth runs them.
 */
import { awsSdkExternals } from '../../lib/lambda-function';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { productImageRenditions } from '../../contracts/buckets';
import { imageCheckFunction, imageUrlKeyFunction } from '../../contracts/functions';
import { apiFunctions } from '../../contracts/routes';
import { AccessLogs } from '../../lib/access-logs';
import { policyValidationPlugins } from '../../lib/app';
import { Data } from '../../lib/data';
import { acknowledgeStackWideGuardRules } from '../../lib/guard';
import { connectImageUrls, ImageUrlSigning } from '../../lib/image-delivery';
import { ProductImages, UNREFERENCED_UPLOAD_EXPIRY_DAYS } from '../../lib/images';
import { AppFunction } from '../../lib/lambda-function';
import { projectRoot } from '../../lib/paths';
import { readStageSettings } from '../../lib/settings';
import { ACCESS_LOG_REGION, contentSecurityPolicy, Site } from '../../lib/site';
import { fakeWebBuild, functionByDescription, props, resourcesOfType, roleOf, statementsOfRole, type CfnTemplate } from './support';

const cdkJsonContext = (JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

let outdir: string;
let web: ReturnType<typeof fakeWebBuild>;
let json: CfnTemplate;
let template: Template;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'seller-portal-images-cdk-'));
  web = fakeWebBuild();
  // What `vite build` writes besides the site: its manifest, which must not be published.
  mkdirSync(join(web.dir, '.vite'));
  writeFileSync(join(web.dir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}');
  const app = new App({ outdir, context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: true });
  const settings = readStageSettings(app.node);
  const stack = new Stack(app, 'ImageDeliveryTest');
  const accessLogs = new AccessLogs(stack, 'AccessLogs', { settings });
  const data = new Data(stack, 'Data', { settings });
  const images = new ProductImages(stack, 'ProductImages', { settings, accessLogs: accessLogs.bucket, data });
  const signing = new ImageUrlSigning(stack, 'ImageUrls', { settings });
  // The two API functions that show images, as lib/api.ts makes them.
  const listings = new AppFunction(stack, 'ListingsFunction', { entry: apiFunctions.listings.entry, description: apiFunctions.listings.description, logRemovalPolicy: settings.removalPolicy });
  const reviews = new AppFunction(stack, 'AdminReviewsFunction', { entry: apiFunctions.adminReviews.entry, description: apiFunctions.adminReviews.description, logRemovalPolicy: settings.removalPolicy });
  connectImageUrls([listings, reviews], { signing, renditions: images.renditionsBucket });
  const site = new Site(stack, 'Site', {
    settings,
    accessLogs: accessLogs.bucket,
    // The Site reads only the API's id (lib/site.ts builds the origin's domain from it).
    api: { restApiId: 'a1b2c3d4e5' } as RestApi,
    config: { userPoolId: 'us-east-1_Test', userPoolClientId: 'client', identityPoolId: 'us-east-1:pool', productImagesBucket: images.bucket.bucketName },
    webDistDir: web.dir,
    renditions: { bucket: images.renditionsBucket, keyGroup: signing.keyGroup },
  });
  // As the stack does: the upload bucket's CORS names the distribution, which reads the renditions bucket.
  images.allowOrigins(site.origins);
  acknowledgeStackWideGuardRules(stack);
  Validations.of(app).addPlugins(...policyValidationPlugins(app));
  // Throws on any unacknowledged cdk-nag or Guard finding, and (built-in validation) on a template CloudFormation would refuse.
  app.synth();
  template = Template.fromStack(stack);
  json = template.toJSON() as CfnTemplate;
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  web.cleanup();
});

const logicalId = (type: string, prefix: string) => {
  const ids = resourcesOfType(json, type).map(([id]) => id).filter((id) => id.startsWith(prefix));
  expect(ids, `${type} ${prefix}`).toHaveLength(1);
  return ids[0]!;
};
const distribution = () => props(resourcesOfType(json, 'AWS::CloudFront::Distribution')[0]![1]).DistributionConfig as Record<string, unknown>;
const behaviour = (pattern: string) => (distribution().CacheBehaviors as Record<string, unknown>[]).find((b) => b.PathPattern === pattern);
const policyOf = (bucketId: string) =>
  resourcesOfType(json, 'AWS::S3::BucketPolicy')
    .map(([, p]) => props(p))
    .filter((p) => JSON.stringify(p.Bucket) === JSON.stringify({ Ref: bucketId }))
    .flatMap((p) => (p.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
const renditionsBucket = () => logicalId('AWS::S3::Bucket', 'ProductImagesRenditionsBucket');

describe('the renditions bucket (lib/images.ts)', () => {
  it('is private, TLS only, encrypted and access-logged, and expires renditions of images no product took, as their uploads expire', () => {
    const bucket = props(json.Resources[renditionsBucket()]);
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] });
    expect(bucket.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: logicalId('AWS::S3::Bucket', 'AccessLogsBucket') }, LogFilePrefix: 's3/product-renditions/' });
    expect((bucket.LifecycleConfiguration as { Rules: unknown[] }).Rules).toContainEqual({
      Id: 'ExpireUnreferencedRenditions',
      Prefix: productImageRenditions.prefix,
      TagFilters: [{ Key: 'referenced', Value: 'no' }],
      ExpirationInDays: UNREFERENCED_UPLOAD_EXPIRY_DAYS,
      Status: 'Enabled',
    });
    expect(bucket.CorsConfiguration).toBeUndefined();
    expect(policyOf(renditionsBucket())).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('the image check writes renditions (with their tag) there and nowhere else of it, and reads uploads\' tags', () => {
    const [checkId, check] = functionByDescription(json, imageCheckFunction.description);
    expect((props(check).Environment as { Variables: Record<string, unknown> }).Variables.RENDITIONS_BUCKET).toEqual({ Ref: renditionsBucket() });
    const statements = statementsOfRole(json, roleOf(check));
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: ['s3:PutObject', 's3:PutObjectTagging'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [renditionsBucket(), 'Arn'] }, `/${productImageRenditions.prefix}*`]] } }),
    );
    expect(statements).toContainEqual(expect.objectContaining({ Action: expect.arrayContaining(['s3:GetObjectTagging', 's3:GetObject']) }));
    expect(JSON.stringify(statements.filter((s) => JSON.stringify(s.Resource).includes(renditionsBucket())))).not.toMatch(/s3:GetObject"|s3:DeleteObject/);
    expect(checkId).toBeTruthy();
  });
});

describe('signed image URLs: the key pair and key group (lib/image-delivery.ts)', () => {
  it('a custom resource makes the key pair at deploy time, keeping the private key in a secret of its own', () => {
    const secret = logicalId('AWS::SecretsManager::Secret', 'ImageUrlsPrivateKey');
    const [, keyPair] = resourcesOfType(json, 'Custom::ImageUrlKeyPair')[0]!;
    const [fnId, fn] = functionByDescription(json, imageUrlKeyFunction.description);
    expect(props(keyPair)).toEqual({ ServiceToken: { 'Fn::GetAtt': [fnId, 'Arn'] }, SecretArn: { Ref: secret } });
    expect(statementsOfRole(json, roleOf(fn))).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], Resource: { Ref: secret } }),
    );
  });

  it('CloudFront gets its public key in a key group', () => {
    const [keyPairId] = resourcesOfType(json, 'Custom::ImageUrlKeyPair')[0]!;
    const [publicKeyId, publicKey] = resourcesOfType(json, 'AWS::CloudFront::PublicKey')[0]!;
    expect((props(publicKey).PublicKeyConfig as Record<string, unknown>).EncodedKey).toEqual({ 'Fn::GetAtt': [keyPairId, 'PublicKeyPem'] });
    const [, group] = resourcesOfType(json, 'AWS::CloudFront::KeyGroup')[0]!;
    expect((props(group).KeyGroupConfig as Record<string, unknown>).Items).toEqual([{ Ref: publicKeyId }]);
  });

  it('the listings and review functions know the key pair id and the secret, may read that secret only, and tag and delete renditions only', () => {
    const secret = logicalId('AWS::SecretsManager::Secret', 'ImageUrlsPrivateKey');
    const [publicKeyId] = resourcesOfType(json, 'AWS::CloudFront::PublicKey')[0]!;
    for (const description of [apiFunctions.listings.description, apiFunctions.adminReviews.description]) {
      const [, fn] = functionByDescription(json, description);
      expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        IMAGE_URL_KEY_PAIR_ID: { Ref: publicKeyId },
        IMAGE_URL_KEY_SECRET_ARN: { Ref: secret },
        RENDITIONS_BUCKET: { Ref: renditionsBucket() },
      });
      const statements = statementsOfRole(json, roleOf(fn));
      expect(statements).toContainEqual(expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secret } }));
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: ['s3:DeleteObject', 's3:PutObjectTagging'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [renditionsBucket(), 'Arn'] }, `/${productImageRenditions.prefix}*`]] } }),
      );
    }
  });
});

describe('the distribution serves /renditions/* (lib/site.ts)', () => {
  it('from the renditions bucket through origin access control, to signed URLs of the key group only', () => {
    const renditions = behaviour(`/${productImageRenditions.prefix}*`)!;
    const [groupId] = resourcesOfType(json, 'AWS::CloudFront::KeyGroup')[0]!;
    expect(renditions).toMatchObject({
      TrustedKeyGroups: [{ Ref: groupId }],
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized: no query string in the cache key
      Compress: false,
    });
    const origin = (distribution().Origins as Record<string, unknown>[]).find((o) => o.Id === renditions.TargetOriginId)!;
    expect(origin).toMatchObject({ DomainName: { 'Fn::GetAtt': [renditionsBucket(), 'RegionalDomainName'] }, S3OriginConfig: { OriginAccessIdentity: '' } });
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
    // Nothing else is signed-URL only, and no other behaviour reaches the renditions bucket.
    for (const b of (distribution().CacheBehaviors as Record<string, unknown>[]).filter((x) => x !== renditions)) expect(b.TrustedKeyGroups).toBeUndefined();
    expect((distribution().DefaultCacheBehavior as Record<string, unknown>).TrustedKeyGroups).toBeUndefined();
  });

  it('the renditions bucket lets this distribution (and nothing else) read it; the uploads bucket lets CloudFront read nothing', () => {
    // (The other Allow is the auto-delete handler's of a non-prod stage: aws-cdk-lib's, to empty the bucket on stack deletion.)
    const reads = policyOf(renditionsBucket()).filter((st) => st.Effect === 'Allow' && JSON.stringify(st.Principal).includes('cloudfront'));
    expect(reads).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [renditionsBucket(), 'Arn'] }, '/*']] },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.objectContaining({ 'Fn::Join': expect.any(Array) }) } },
      }),
    ]);
    expect(JSON.stringify(reads[0]!.Condition)).toContain('SiteDistribution');
    const uploads = logicalId('AWS::S3::Bucket', 'ProductImagesBucket');
    expect(JSON.stringify(policyOf(uploads))).not.toContain('cloudfront.amazonaws.com');
  });

  it('images come from the site\'s own origin only: the CSP\'s img-src names no S3', () => {
    const csp = contentSecurityPolicy('us-east-1');
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain('connect-src');
    expect(csp.split('; ').find((d) => d.startsWith('img-src'))).not.toContain('amazonaws');
  });

  it('has no dependency cycle with the uploads bucket, whose CORS rule names the distribution', () => {
    const cors = props(json.Resources[logicalId('AWS::S3::Bucket', 'ProductImagesBucket')]).CorsConfiguration;
    expect(JSON.stringify(cors)).toContain('SiteDistribution');
    // app.synth() above ran CloudFormation's validation; a cycle is found here as CloudFormation finds it.
    const graph = new Map(Object.entries(json.Resources).map(([id, r]) => [id, new Set(JSON.stringify(r).match(/"(?:Ref|Fn::GetAtt)":\s*\[?"([A-Za-z0-9]+)/g)?.map((m) => m.replace(/.*"([A-Za-z0-9]+)$/, '$1')) ?? [])]));
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cyclic = (id: string): boolean => {
      if (done.has(id)) return false;
      if (visiting.has(id)) return true;
      visiting.add(id);
      const found = [...(graph.get(id) ?? [])].filter((d) => graph.has(d)).some(cyclic);
      visiting.delete(id);
      done.add(id);
      return found;
    };
    expect([...graph.keys()].filter(cyclic)).toEqual([]);
  });
});

describe('access logs in every region (standard logging v2)', () => {
  const calls = () =>
    resourcesOfType(json, 'Custom::CloudFrontLogDelivery').map(([id, r]) => ({ id, create: JSON.parse(JSON.stringify(props(r).Create)) as unknown, del: props(r).Delete }));

  it('the distribution uses no legacy logging, which cannot deliver into an opt-in region\'s bucket', () => {
    expect(distribution().Logging).toBeUndefined();
  });

  it('a delivery source, destination (the access-log bucket, W3C) and delivery are made through the CloudWatch Logs API in us-east-1', () => {
    const made = calls();
    expect(made.map((c) => c.id.replace(/[A-F0-9]{8}$/, ''))).toEqual(['SiteAccessLogSource', 'SiteAccessLogDestination', 'SiteAccessLogDelivery']);
    const text = made.map((c) => JSON.stringify(c.create));
    for (const t of text) expect(t).toContain(`\\"region\\":\\"${ACCESS_LOG_REGION}\\"`);
    expect(text[0]).toContain('PutDeliverySource');
    expect(text[0]).toContain('ACCESS_LOGS');
    expect(text[1]).toContain('PutDeliveryDestination');
    expect(text[1]).toContain('\\"outputFormat\\":\\"w3c\\"');
    expect(text[1]).toContain('AccessLogsBucket');
    expect(text[2]).toContain('CreateDelivery');
    expect(JSON.stringify(made.map((c) => c.del))).toMatch(/DeleteDeliverySource[\s\S]*DeleteDeliveryDestination[\s\S]*DeleteDelivery/);
    // The delivery waits for its source and destination (and goes first on delete).
    const [, delivery] = resourcesOfType(json, 'Custom::CloudFrontLogDelivery').find(([id]) => id.startsWith('SiteAccessLogDelivery'))!;
    expect((delivery as unknown as { DependsOn: string[] }).DependsOn).toEqual(expect.arrayContaining([made[0]!.id, made[1]!.id]));
  });

  it('the access-log bucket lets the log delivery service write CloudFront\'s logs, for this account\'s us-east-1 delivery sources only', () => {
    const statement = policyOf(logicalId('AWS::S3::Bucket', 'AccessLogsBucket')).find((s) => s.Sid === 'CloudFrontAccessLogsV2')!;
    expect(statement).toMatchObject({ Effect: 'Allow', Principal: { Service: 'delivery.logs.amazonaws.com' }, Action: 's3:PutObject' });
    expect(JSON.stringify(statement.Resource)).toContain('/AWSLogs/');
    expect(statement.Condition).toEqual({
      StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':logs:us-east-1:', { Ref: 'AWS::AccountId' }, ':delivery-source:*']] } },
    });
  });
});

describe('the built site as published (lib/site.ts)', () => {
  it('leaves out .vite/ (Vite\'s manifest) and the local config.json', () => {
    const deployments = resourcesOfType(json, 'Custom::CDKBucketDeployment').map(([, d]) => props(d));
    const pages = deployments.find((p) => p.DestinationBucketKeyPrefix === undefined && (p.SourceObjectKeys as string[]).some((k) => existsSync(join(outdir, `asset.${k.replace(/\.zip$/, '')}`, 'index.html'))))!;
    const siteDir = (pages.SourceObjectKeys as string[]).map((k) => join(outdir, `asset.${k.replace(/\.zip$/, '')}`)).find((dir) => existsSync(join(dir, 'index.html')))!;
    expect(readdirSync(siteDir).sort()).toEqual(['index.html']);
    expect(existsSync(join(web.dir, '.vite', 'manifest.json'))).toBe(true);
  });
});

describe('the URL signer in the functions that sign', () => {
  it('is bundled (Lambda\'s runtime documents its SDK clients only); the SDK clients stay the runtime\'s', () => {
    const externals = awsSdkExternals();
    expect(externals).not.toContain('@aws-sdk/cloudfront-signer');
    expect(externals).toEqual(expect.arrayContaining(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-s3']));
    expect(externals.every((name) => name.startsWith('@aws-sdk/'))).toBe(true);
  });
});
