import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { lambdaEntry, projectRoot } from './paths';

/**
 * The runtime of every Lambda we write: the newest Node.js this aws-cdk-lib knows (cdk-nag
 * AwsSolutions-L1 wants the latest of the family; the issue asks for 22 or newer).
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/**
 * The bundles are ESM. A few dependencies still `require()` Node built-ins, which an ESM bundle
 * cannot do without a `require` in scope; this banner provides one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __seller_portal_createRequire } from 'node:module'; const require = __seller_portal_createRequire(import.meta.url);";

export interface AppFunctionProps {
  /** Module path relative to `lambdas/`, exporting `handler`. */
  entry: string;
  description: string;
  /** Of the function's log group: RETAIN in prod. */
  logRemovalPolicy: RemovalPolicy;
  logRetention?: RetentionDays;
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /**
   * Packages installed into the bundle's node_modules instead of bundled: native ones (sharp, for
   * the image check's primary-image rules). `npm ci` with the project's lock file installs them for
   * Lambda's platform, linux arm64 glibc (see BUNDLE_INSTALL_PLATFORM), whatever machine synthesizes.
   */
  nodeModules?: string[];
}

/**
 * AWS SDK packages bundled into each function rather than left to Lambda's runtime: the runtime
 * carries the SDK's clients, but AWS documents no list of what else it holds, and the CloudFront
 * URL signer (lambdas/shared/image-urls.ts) is a small utility, not a client. Every other
 * `@aws-sdk/` dependency of package.json stays external.
 */
export const BUNDLED_AWS_SDK = ['@aws-sdk/cloudfront-signer'] as const;

/** The `@aws-sdk/` packages of package.json left to the runtime (esbuild externals cannot except one from `@aws-sdk/*`). */
export function awsSdkExternals(): string[] {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(pkg.dependencies ?? {}).filter((name) => name.startsWith('@aws-sdk/') && !(BUNDLED_AWS_SDK as readonly string[]).includes(name));
}

/**
 * The platform `npm ci` installs a bundle's `nodeModules` for: that of every function (ARM_64 on
 * Amazon Linux, glibc). npm reads these as its `--cpu`, `--os`, `--libc` options, which choose the
 * optional dependencies holding prebuilt binaries (sharp's @img/sharp-linux-arm64 and its libvips).
 */
export const BUNDLE_INSTALL_PLATFORM = { npm_config_cpu: 'arm64', npm_config_os: 'linux', npm_config_libc: 'glibc' } as const;

/**
 * A Lambda with the project's defaults, so every construct gets the same runtime, architecture,
 * bundling, tracing and logging: esbuild on this machine (never Docker), minified ESM with a
 * source map, the AWS SDK left to the runtime, X-Ray tracing, its own log group with a retention.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.THREE_MONTHS,
      removalPolicy: props.logRemovalPolicy,
    });
    super(scope, id, {
      entry: lambdaEntry(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'seller-portal',
        LOG_LEVEL: 'INFO',
        ...props.environment,
      },
      bundling: {
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        externalModules: awsSdkExternals(),
        forceDockerBundling: false,
        ...(props.nodeModules?.length ? { nodeModules: props.nodeModules, environment: { ...BUNDLE_INSTALL_PLATFORM } } : {}),
      },
    });

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWS-managed basic execution role: only CreateLogGroup/CreateLogStream/PutLogEvents, which every Lambda needs for its logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions, so they are granted on "*".',
      },
    );
  }
}
