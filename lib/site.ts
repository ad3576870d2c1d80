import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Annotations, Aws, Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
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
import type { WebConfig } from '../contracts/web-config';
import { defaultWebDistDir, hasBuiltSite, projectRoot } from './paths';
import { acknowledgeGuard } from './guard';
import type { StageSettings } from './settings';

export const CONFIG_FILE = 'config.json';

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
 * What the browser may load: its own origin (the app, /api, /config.json), Cognito (user pool and
 * identity pool) and S3 (product images) in the stack's region. Amplify UI sets inline styles,
 * hence 'unsafe-inline' for styles only; scripts come from the origin only (no inline scripts).
 */
export function contentSecurityPolicy(region: string): string {
  const s3 = `https://*.s3.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s3}`,
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
}

/**
 * The web app: a private bucket behind CloudFront (Origin Access Control), SPA routing, security
 * headers, `/api/*` forwarded to API Gateway (same origin: no CORS, apiBaseUrl ''), the built
 * site and `/config.json` beside it.
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
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
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
      },
    });

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
        'Both origins are single-region (the site bucket and the API of this stack): an origin group would need a replica bucket and a second API in another region, which this product does not run.',
    });
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
      // A config.json from the web build (if any) is the local one: the stack writes its own.
      sources: [Source.asset(webDistDir, { exclude: ['assets', 'assets/**', CONFIG_FILE] }), configSource],
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
