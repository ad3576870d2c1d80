import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { edgeRules, WebAcl } from './firewall';
import { acknowledgeStackWideGuardRules } from './guard';
import type { StageSettings } from './settings';

/** CloudFront only uses web ACLs (and certificates) from this region. */
export const EDGE_REGION = 'us-east-1';

export const edgeStackName = (stage: string): string => `SellerPortal-${stage}-edge`;

export interface EdgeStackProps extends StackProps {
  settings: StageSettings;
}

/**
 * The companion stack SellerPortal-<stage>-edge, always in us-east-1: the distribution's
 * CLOUDFRONT-scope web ACL (lib/firewall.ts `edgeRules`). The main stack stays
 * environment-agnostic, so it cannot reference this stack across regions: deploy this one first,
 * then pass its output WebAclArn to the main stack as `-c webAclArn=...` (docs/infra.md "Deploy").
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    const { settings, ...stackProps } = props;
    super(scope, id, { ...stackProps, env: { ...stackProps.env, region: EDGE_REGION } });
    this.webAcl = new WebAcl(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      name: `seller-portal-${settings.stage}-edge`,
      description: `Seller Portal ${settings.stage}: in front of the CloudFront distribution`,
      rules: edgeRules(settings.waf),
      removalPolicy: settings.removalPolicy,
    });
    acknowledgeStackWideGuardRules(this);
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.arn,
      description: `Pass to the main stack: npx cdk deploy SellerPortal-${settings.stage} -c webAclArn=<this value>`,
    });
  }
}
