import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { SellerPortalStack } from './seller-portal-stack';
import { readStageSettings } from './settings';

export const stackName = (stage: string): string => `SellerPortal-${stage}`;

/**
 * The CDK app: one stack per stage, cdk-nag AwsSolutions checks on every synth. bin/app.ts runs it
 * for the CLI; the infra tests build it here with their own context and outdir.
 */
export function createApp(props: AppProps = {}, options: { webDistDir?: string } = {}): { app: App; stack: SellerPortalStack } {
  const app = new App(props);
  const settings = readStageSettings(app.node);
  // Environment-agnostic: synth needs no credentials and does no lookups; `cdk deploy` uses the
  // account and region of the caller's AWS profile.
  const stack = new SellerPortalStack(app, stackName(settings.stage), {
    settings,
    description: `Seller Portal (${settings.stage}): vendor portal of the marketplace`,
    terminationProtection: settings.isProd,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  Tags.of(stack).add('project', 'seller-portal');
  Tags.of(stack).add('stage', settings.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
