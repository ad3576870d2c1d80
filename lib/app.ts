import { App, Tags, Validations, type AppProps, type IPolicyValidationPlugin } from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EdgeStack, edgeStackName } from './edge-stack';
import { SellerPortalStack } from './seller-portal-stack';
import { readStageSettings } from './settings';

export const stackName = (stage: string): string => `SellerPortal-${stage}`;

/**
 * What checks every synthesized template, besides CDK's own CloudFormation validation: cdk-nag's
 * AwsSolutions pack, and CloudFormation Guard with the AWS Control Tower proactive controls
 * (@cdklabs/cdk-validator-cfnguard, which ships the cfn-guard binary: it runs offline). A finding
 * of either fails the synth unless the construct acknowledges it with a reason
 * (`Validations.of(c).acknowledge`; guard rules as `cdk-validator-cfnguard::<rule name>`).
 */
export function policyValidationPlugins(app: App): IPolicyValidationPlugin[] {
  return [new AwsSolutionsChecks(app), new CfnGuardValidator({ controlTowerRulesEnabled: true, maxBuffer: 64 * 1024 * 1024 })];
}

/**
 * The CDK app: per stage the main stack and its companion edge stack (us-east-1), policy
 * validation on every synth. bin/app.ts runs it for the CLI; the infra tests build it here with
 * their own context and outdir.
 */
export function createApp(
  props: AppProps = {},
  options: {
    webDistDir?: string;
    /**
     * Register the policy validation plugins (default: yes, as `cdk synth` and `cdk deploy` run them).
     * The infra tests switch them off for synths that assert something else: CloudFormation Guard
     * spawns its binary per template and rule, about 20 of a synth's 25 s (docs/testing.md).
     */
    policyValidation?: boolean;
  } = {},
): { app: App; stack: SellerPortalStack; edge: EdgeStack } {
  const app = new App(props);
  const settings = readStageSettings(app.node);
  const edge = new EdgeStack(app, edgeStackName(settings.stage), {
    settings,
    description: `Seller Portal (${settings.stage}): CloudFront web ACL (us-east-1)`,
    terminationProtection: settings.isProd,
  });
  // Environment-agnostic: synth needs no credentials and does no lookups; `cdk deploy` uses the
  // account and region of the caller's AWS profile.
  const stack = new SellerPortalStack(app, stackName(settings.stage), {
    settings,
    description: `Seller Portal (${settings.stage}): vendor portal of the marketplace`,
    terminationProtection: settings.isProd,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  for (const s of [stack, edge]) {
    Tags.of(s).add('project', 'seller-portal');
    Tags.of(s).add('stage', settings.stage);
  }
  if (options.policyValidation ?? true) Validations.of(app).addPlugins(...policyValidationPlugins(app));
  return { app, stack, edge };
}
