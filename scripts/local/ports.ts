/**
 * Ports of the local stack. `npm start` uses the dev set; the test setup uses its own set so tests
 * can run while a developer's portal is up. Amplify's local-testing S3 endpoint is fixed at
 * localhost:20005, so the browser uploads of the dev portal go there; the test stack's s3rver
 * listens elsewhere (see docs/local.md).
 */
export interface LocalPorts {
  web: number;
  api: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  /** aws-ses-v2-local: the e-mails the notifier sent (GET /store; a web view at /). */
  ses: number;
}

export const devPorts = (): LocalPorts => ({
  web: Number(process.env.PORT ?? 5173),
  api: Number(process.env.LOCAL_API_PORT ?? 8787),
  dynamodb: Number(process.env.LOCAL_DYNAMODB_PORT ?? 8000),
  cognito: Number(process.env.LOCAL_COGNITO_PORT ?? 9229),
  s3: 20005,
  ses: Number(process.env.LOCAL_SES_PORT ?? 8005),
});

export const testPorts = (): LocalPorts => ({
  web: Number(process.env.TEST_WEB_PORT ?? 5183),
  api: Number(process.env.TEST_API_PORT ?? 8797),
  dynamodb: Number(process.env.TEST_DYNAMODB_PORT ?? 8010),
  cognito: Number(process.env.TEST_COGNITO_PORT ?? 9239),
  s3: Number(process.env.TEST_S3_PORT ?? 20015),
  ses: Number(process.env.TEST_SES_PORT ?? 8015),
});
