import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Annotations, Aws, Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, PhysicalResourceIdReference, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import type { IRestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  type IKeyGroup,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_STAGE_NAME } from './api';
import { productImageRenditions } from '../contracts/buckets';
import type { WebConfig } from '../contracts/web-config';
import { defaultWebDistDir, hasBuiltSite, projectRoot } from './paths';
import { acknowledgeGuard } from './guard';
import type { StageSettings } from './settings';

export const CONFIG_FILE = 'config.json';

/**
 * What the built site holds that is not served: Vite's `.vite/` folder (its manifest, which only
 * `npm run bench:web` reads) and a local `config.json` (the stack writes its own).
 */
export const UNPUBLISHED_BUILD_FILES = ['.vite', '.vite/**', CONFIG_FILE] as const;

/**
 * CloudFront's standard logging v2 is a CloudWatch Logs delivery whose source must be created in
 * us-east-1 (CloudFront's home region, as for the edge web ACL), while this stack is
 * environment-agnostic: `logAccess` makes the delivery through the CloudWatch Logs API in us-east-1.
 */
export const ACCESS_LOG_REGION = 'us-east-1';
/** Where v2 delivers in the access-log bucket: `AWSLogs/<account>/CloudFront/...` (its default path). */
export const ACCESS_LOG_PATH = 'AWSLogs/';

const ACCESS_LOGS_V2_REASON =
  'Access logs are on, with standard logging v2 (a CloudWatch Logs delivery from us-east-1 into the access-log bucket, Site.logAccess) rather than the legacy Logging property, which cannot deliver into a bucket in an opt-in region (ap-east-1, me-south-1, ...) and so would fail this region-agnostic stack there; this rule reads only the legacy property.';

/**
 * SPA routing at the edge, on the site behavior only: a path whose last segment has no file
 * extension (/, /dashboard, /orders/123) is a route of the app and gets /index.html. Distribution-
 * wide error responses (403/404 → /index.html) are deliberately not used: they would also turn the
 * API's own 401/403/404 JSON answers into a 200 HTML page.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * What the browser may load: its own origin (the app, /api, /config.json, product image renditions
 * under /renditions), Cognito (user pool and identity pool) and, for connections only, S3 in the
 * stack's region (uploads go straight to the product-images bucket). No image comes from S3 any more
 * (issue 23: lists and forms show renditions through this origin; the review screen's "open full
 * size" is a link, not an image), so `img-src` names no S3. Amplify UI sets inline styles, hence
 * 'unsafe-inline' for styles only; scripts come from the origin only (no inline scripts).
 */
export function contentSecurityPolicy(region: string): string {
  const s3 = `https://*.s3.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://cognito-identity.${region}.amazonaws.com ${s3}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface SiteProps {
  settings: StageSettings;
  accessLogs: IBucket;
  api: IRestApi;
  /** Values of /config.json other than those the site itself decides (the cloud always has an identity pool). */
  config: Required<Pick<WebConfig, 'userPoolId' | 'userPoolClientId' | 'identityPoolId' | 'productImagesBucket'>>;
  /** The built web app; default dist/web (`npm run build:web`). */
  webDistDir?: string;
  /**
   * Product image renditions (issue 23): the renditions bucket (lib/images.ts) and the key group of
   * signed image URLs (lib/image-delivery.ts), served as `/renditions/*`. The API hands out URLs of
   * that path (lambdas/shared/image-urls.ts), so a stack whose API shows images needs it.
   */
  renditions?: { bucket: IBucket; keyGroup: IKeyGroup };
}

/**
 * The web app: a private bucket behind CloudFront (Origin Access Control), SPA routing, security
 * headers, `/api/*` forwarded to API Gateway (same origin: no CORS, apiBaseUrl ''), product image
 * renditions as `/renditions/*` (signed URLs only), the built site and `/config.json` beside it;
 * access logs (standard logging v2, which works in every region: see `logAccess`).
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domain> the site is served from: the custom domain if given, else the CloudFront one. */
  readonly url: string;
  /** Every origin the site answers on (CORS of the product-images bucket). */
  readonly origins: string[];

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { settings } = props;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/site/',
      // Deployments upload in parts; a part upload that never completes would be billed for ever.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !settings.isProd,
    });
    acknowledgeGuard(this.bucket, {
      bucketKms: 'The site is public content (HTML, JS, CSS, /config.json with public ids only); SSE-S3 encrypts it at rest, and a KMS key would add a key policy for CloudFront\'s origin access control for nothing.',
      versioning: 'The built site in the repository is the source of every object here; a deploy rewrites it, so versions would only pile up old builds.',
      bucketNotifications: 'Nothing reacts to site objects: deployments write them and CloudFront reads them.',
      objectLock: 'Deployments must be able to replace index.html and /config.json; object lock would block that.',
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Seller Portal ${settings.stage}: security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Aws.REGION), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves /index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    const certificate = settings.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Seller Portal ${settings.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(certificate && settings.domainName
        ? { certificate, domainNames: [settings.domainName], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      // The edge web ACL (stack SellerPortal-<stage>-edge, us-east-1; lib/firewall.ts `edgeRules`).
      ...(settings.webAclArn ? { webAclId: settings.webAclArn } : {}),
      // No standard logging (legacy): it cannot deliver into a bucket in an opt-in region (ap-east-1,
      // me-south-1, ...), where this environment-agnostic stack may be deployed. v2 below, everywhere.
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The API's domain and stage path as plain values: RestApiOrigin would read them from the
          // stage, making the distribution wait for the API deployment, i.e. for every API Lambda —
          // a cycle as soon as one of them references a resource that waits for the distribution
          // (the product-images bucket, whose CORS rule names the distribution's domain).
          origin: new HttpOrigin(`${props.api.restApiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`, {
            originPath: `/${API_STAGE_NAME}`,
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent except Host (API Gateway needs its own), so the
          // Authorization header reaches the Cognito authorizer.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        ...(props.renditions
          ? {
              // Product image renditions (issue 23): the renditions bucket through origin access control,
              // only for a URL signed with the key group's key (lambdas/shared/image-urls.ts). Cached at
              // the edge for as long as the object says (a year: a rendition key names one content for
              // good), keyed on the path alone, so every signed URL of a rendition shares one cached copy.
              [`/${productImageRenditions.prefix}*`]: {
                origin: S3BucketOrigin.withOriginAccessControl(props.renditions.bucket),
                viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
                allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
                cachePolicy: CachePolicy.CACHING_OPTIMIZED,
                trustedKeyGroups: [props.renditions.keyGroup],
                responseHeadersPolicy: securityHeaders,
                // WebP and JPEG do not compress further.
                compress: false,
              },
            }
          : {}),
      },
    });
    this.logAccess(props.accessLogs);

    const domain = settings.domainName ?? this.distribution.distributionDomainName;
    this.url = `https://${domain}`;
    this.origins = [
      `https://${this.distribution.distributionDomainName}`,
      ...(settings.domainName ? [`https://${settings.domainName}`] : []),
    ];

    const config: WebConfig = {
      region: Stack.of(this).region,
      userPoolId: props.config.userPoolId,
      userPoolClientId: props.config.userPoolClientId,
      identityPoolId: props.config.identityPoolId,
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '',
      productImagesBucket: props.config.productImagesBucket,
      marketplaceTimeZone: settings.marketplaceTimeZone,
      ...(settings.supportEmail ? { supportEmail: settings.supportEmail } : {}),
    };
    this.deploy(config, props.webDistDir ?? defaultWebDistDir);

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Vendors of the marketplace may sign in from any country; access is controlled by sign-in, not geography.',
    });
    if (!settings.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No edge web ACL given on this stage (-c webAclArn, output of SellerPortal-<stage>-edge): the regional web ACL still limits each vendor on the API stage and sign-ups per IP on the user pool.',
      });
    }
    acknowledgeGuard(this.distribution, {
      originFailover:
        'Every origin is single-region (the site and renditions buckets and the API of this stack): an origin group would need replica buckets and a second API in another region, which this product does not run.',
      accessLogs: ACCESS_LOGS_V2_REASON,
    });
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR3', reason: ACCESS_LOGS_V2_REASON });
    if (!certificate) {
      const reason =
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy cannot be changed; deploy with -c domainName and -c certificateArn to enforce TLS 1.2.';
      Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR4', reason });
      acknowledgeGuard(this.distribution, {
        customCertificate: reason,
        sni: `${reason} (SNI applies to custom certificates only.)`,
        tls12: reason,
      });
    }
  }

  /**
   * The distribution's access logs, standard logging v2 (CloudWatch Logs vended logs): a delivery
   * source for the distribution, a delivery destination for the access-log bucket and the delivery
   * between them, W3C format (as the legacy logs), under `AWSLogs/<account>/CloudFront/`. CloudFront's
   * delivery source must be made in us-east-1 whatever the stack's region, so each is a call of the
   * CloudWatch Logs API there (AwsCustomResource, region us-east-1), named after the distribution's
   * id (unique in the account). v2 delivers into a bucket in any region, opt-in regions included:
   * that is why the legacy `Logging` property, which cannot, is not used. The bucket's policy lets
   * the log delivery service write there, for this account's us-east-1 delivery sources only.
   */
  private logAccess(accessLogs: IBucket): void {
    const stack = Stack.of(this);
    const sourceName = `seller-portal-${this.distribution.distributionId}`;
    const destinationName = `${sourceName}-s3`;
    const logsArn = (resource: string) => `arn:${stack.partition}:logs:${ACCESS_LOG_REGION}:${stack.account}:${resource}`;
    accessLogs.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontAccessLogsV2',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [accessLogs.arnForObjects(`${ACCESS_LOG_PATH}${stack.account}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': logsArn('delivery-source:*') },
        },
      }),
    );
    const call = (action: string, parameters: Record<string, unknown>, physicalResourceId?: PhysicalResourceId): AwsSdkCall => ({
      service: '@aws-sdk/client-cloudwatch-logs',
      action,
      parameters,
      region: ACCESS_LOG_REGION,
      ...(physicalResourceId ? { physicalResourceId } : {}),
    });
    const logsCall = (id: string, calls: { create: AwsSdkCall; delete: AwsSdkCall }, statements: PolicyStatement[]) =>
      new AwsCustomResource(this, id, {
        onCreate: calls.create,
        onUpdate: calls.create,
        onDelete: calls.delete,
        policy: AwsCustomResourcePolicy.fromStatements(statements),
        installLatestAwsSdk: false,
        resourceType: 'Custom::CloudFrontLogDelivery',
      });
    const source = logsCall(
      'AccessLogSource',
      {
        create: call('PutDeliverySource', { name: sourceName, resourceArn: this.distribution.distributionArn, logType: 'ACCESS_LOGS' }, PhysicalResourceId.of(sourceName)),
        delete: call('DeleteDeliverySource', { name: sourceName }),
      },
      [
        new PolicyStatement({ actions: ['logs:PutDeliverySource', 'logs:GetDeliverySource', 'logs:DeleteDeliverySource'], resources: [logsArn(`delivery-source:${sourceName}`)] }),
        // CloudFront's own permission to name the distribution as a log source.
        new PolicyStatement({ actions: ['cloudfront:AllowVendedLogDeliveryForResource'], resources: [this.distribution.distributionArn] }),
      ],
    );
    const destination = logsCall(
      'AccessLogDestination',
      {
        create: call(
          'PutDeliveryDestination',
          { name: destinationName, outputFormat: 'w3c', deliveryDestinationConfiguration: { destinationResourceArn: accessLogs.bucketArn } },
          PhysicalResourceId.of(destinationName),
        ),
        delete: call('DeleteDeliveryDestination', { name: destinationName }),
      },
      [
        new PolicyStatement({ actions: ['logs:PutDeliveryDestination', 'logs:GetDeliveryDestination', 'logs:DeleteDeliveryDestination'], resources: [logsArn(`delivery-destination:${destinationName}`)] }),
      ],
    );
    const delivery = logsCall(
      'AccessLogDelivery',
      {
        create: call(
          'CreateDelivery',
          { deliverySourceName: sourceName, deliveryDestinationArn: logsArn(`delivery-destination:${destinationName}`) },
          PhysicalResourceId.fromResponse('delivery.id'),
        ),
        delete: call('DeleteDelivery', { id: new PhysicalResourceIdReference() }),
      },
      [
        new PolicyStatement({
          actions: ['logs:CreateDelivery', 'logs:GetDelivery', 'logs:DeleteDelivery'],
          resources: [logsArn('delivery:*'), logsArn(`delivery-source:${sourceName}`), logsArn(`delivery-destination:${destinationName}`)],
        }),
        // CloudWatch Logs checks (and, were it missing, adds) the bucket policy statement above with the caller's rights.
        new PolicyStatement({ actions: ['s3:GetBucketPolicy', 's3:PutBucketPolicy'], resources: [accessLogs.bucketArn] }),
      ],
    );
    delivery.node.addDependency(source, destination);
    Validations.of(delivery).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:${ACCESS_LOG_REGION}:<AWS::AccountId>:delivery:*]`,
      reason: 'CloudWatch Logs names a delivery by an id it makes at CreateDelivery, so the policy cannot name it beforehand; create, read and delete deliveries of this account in us-east-1 only, beside the named source and destination.',
    });
    // AwsCustomResource's function (one per stack, aws-cdk-lib's own), which makes these calls during deploys.
    const providerId = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`;
    for (const provider of stack.node.children.filter((c) => c.node.id === providerId)) {
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'Execution role of the AwsCustomResource function provided by aws-cdk-lib (it makes the access-log delivery calls during deployments): only CloudWatch Logs permissions.',
      });
    }
  }

  /**
   * Uploads the built site (hashed files under assets/ cached for a year, the rest revalidated on
   * every request) and writes /config.json. Nothing is pruned, so a browser still holding the
   * previous index.html can load its chunks during a deploy.
   */
  private deploy(config: WebConfig, webDistDir: string): void {
    const configSource = Source.jsonData(CONFIG_FILE, config);
    const revalidate = [CacheControl.noCache()];
    if (!hasBuiltSite(webDistDir)) {
      Annotations.of(this).addInfo(
        `${relative(projectRoot, webDistDir)} has no index.html: deploying /config.json only. Run \`npm run build:web\` before \`cdk deploy\` to publish the site.`,
      );
      const deployment = new BucketDeployment(this, 'DeployConfig', {
        sources: [configSource],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: revalidate,
        distribution: this.distribution,
        distributionPaths: [`/${CONFIG_FILE}`],
      });
      this.acknowledgeDeploymentRole(deployment);
      return;
    }
    const assetsDir = join(webDistDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          memoryLimit: 512,
        })
      : undefined;
    const site = new BucketDeployment(this, 'DeploySite', {
      // A config.json from the web build (if any) is the local one: the stack writes its own; .vite/ is the build's manifest.
      sources: [Source.asset(webDistDir, { exclude: ['assets', 'assets/**', ...UNPUBLISHED_BUILD_FILES] }), configSource],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: revalidate,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) site.node.addDependency(assets);
    for (const deployment of [site, assets]) if (deployment) this.acknowledgeDeploymentRole(deployment);
  }

  /**
   * BucketDeployment's handler (an aws-cdk-lib singleton) copies from the CDK asset bucket into the
   * site bucket and invalidates the distribution; CDK writes its policy with wildcards.
   */
  private acknowledgeDeploymentRole(deployment: BucketDeployment): void {
    const stack = Stack.of(this);
    for (const handler of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(handler).acknowledge(
        {
          id: 'AwsSolutions-L1',
          reason: 'BucketDeployment handler provided by aws-cdk-lib, which pins its Python runtime; it runs only during deployments.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: 'Execution role of the BucketDeployment handler provided by aws-cdk-lib: only CloudWatch Logs permissions.',
        },
      );
    }
    const siteBucket = stack.getLogicalId(this.bucket.node.defaultChild as CfnElement);
    const reason =
      'Policy that aws-cdk-lib writes for its BucketDeployment handler: read the CDK asset bucket, write the site bucket, invalidate the distribution; it runs only during deployments.';
    Validations.of(deployment.handlerRole).acknowledge(
      ...[
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${siteBucket}.Arn>/*`,
        'Resource::*',
      ].map((detail) => ({ id: `AwsSolutions-IAM5[${detail}]`, reason })),
    );
  }
}
