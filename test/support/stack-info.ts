import type { WebConfig } from '../../contracts/web-config';

/** What the test setup learns from the local stack's "ready" line. */
export interface StackInfo {
  /** The throwaway data folder (cognito-local keeps pending confirmation codes in its pool file there). */
  dataDir: string;
  webUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** aws-ses-v2-local (GET /store lists the e-mails sent). */
  sesEndpoint: string;
  webConfig: WebConfig;
  /** The free ports the setup chose (TEST_*_PORT), for scripts run against the test stack. */
  ports: Record<string, number>;
  codes: { username?: string; destination?: string; code?: string }[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
