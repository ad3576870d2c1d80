/**
 * The config contract: the web app reads `/config.json` at start. The stack writes it beside the
 * site (lib/site.ts); the local stack serves its own (scripts/local/api-server.ts).
 */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Absent locally: there is no identity-pool stand-in; uploads get local credentials instead (see docs/local.md). */
  identityPoolId?: string;
  /** SRP in the cloud; USER_PASSWORD_AUTH locally (cognito-local has no SRP). */
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  /** Base URL of the API; '' means same origin (CloudFront routes /api/* to API Gateway). */
  apiBaseUrl: string;
  productImagesBucket: string;
  /** The IANA zone whose calendar days the sales figures, date filters and payout dates use (stack setting). */
  marketplaceTimeZone: string;
  /**
   * Vendor support's e-mail address (stack setting `supportEmail`, the inbox support cases go to): the
   * public /contact page offers it to visitors who cannot sign in. Absent when the stack has none.
   */
  supportEmail?: string;
  /** Only on the local stack: endpoints of the stand-ins. */
  local?: {
    userPoolEndpoint: string;
    s3Endpoint: string;
  };
}
