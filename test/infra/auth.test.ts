import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoTriggers } from '../../contracts/triggers';
import {
  clientAuthFlows,
  clientReadableAttributes,
  clientWritableAttributes,
  GROUPS,
  passwordPolicy,
  tokenValidity,
} from '../../contracts/auth';
import { tables } from '../../contracts/tables';
import { DEFAULT_WAF_LIMITS } from '../../lib/settings';
import { asArray, functionByDescription, props, resourcesOfType, statementsOfRole, synthesizedTemplates, type SynthesizedTemplates } from './support';

let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const userPool = () => {
  const pools = resourcesOfType(s.json, 'AWS::Cognito::UserPool');
  expect(pools).toHaveLength(1);
  return pools[0]!;
};
const webClient = () => {
  const clients = resourcesOfType(s.json, 'AWS::Cognito::UserPoolClient');
  expect(clients).toHaveLength(1);
  return props(clients[0]![1]);
};

describe('user pool', () => {
  it('signs in with the e-mail address as user name, case-insensitively', () => {
    const pool = props(userPool()[1]);
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
  });

  it('offers two-step sign-in with an authenticator app (TOTP), optional per user, never SMS (issue 14)', () => {
    const pool = props(userPool()[1]);
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('lets visitors sign themselves up', () => {
    expect(props(userPool()[1]).AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: false });
  });

  it('verifies the e-mail address with a code, and keeps the old address until a new one is verified', () => {
    const pool = props(userPool()[1]);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.VerificationMessageTemplate).toMatchObject({ DefaultEmailOption: 'CONFIRM_WITH_CODE' });
    expect(pool.UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
    expect(pool.AccountRecoverySetting).toEqual({ RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] });
  });

  it('enforces the password policy of contracts/auth.ts', () => {
    expect(props(userPool()[1]).Policies).toEqual({
      PasswordPolicy: {
        MinimumLength: passwordPolicy.minLength,
        RequireLowercase: passwordPolicy.requireLowercase,
        RequireUppercase: passwordPolicy.requireUppercase,
        RequireNumbers: passwordPolicy.requireDigits,
        RequireSymbols: passwordPolicy.requireSymbols,
        TemporaryPasswordValidityDays: 3,
      },
    });
  });

  it('has the custom attribute status (pending | approved | rejected fit in it)', () => {
    const schema = props(userPool()[1]).Schema as Record<string, unknown>[];
    expect(schema).toContainEqual({
      Name: 'status',
      AttributeDataType: 'String',
      Mutable: true,
      StringAttributeConstraints: { MinLength: '1', MaxLength: '16' },
    });
  });

  it('has the groups vendors and admins', () => {
    const groups = resourcesOfType(s.json, 'AWS::Cognito::UserPoolGroup').map(([, g]) => props(g).GroupName);
    expect(groups.sort()).toEqual([GROUPS.admins.name, GROUPS.vendors.name].sort());
  });
});

describe('user pool on a dev stage (no SES, no threat protection unless asked)', () => {
  it("sends e-mail with Cognito's own sender and stays on the Essentials plan", () => {
    const pool = props(userPool()[1]);
    const email = pool.EmailConfiguration as Record<string, unknown> | undefined;
    expect(email?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
    expect(email?.SourceArn).toBeUndefined();
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.UserPoolAddOns).toBeUndefined();
  });
});

describe('regional web ACL: the user pool (sign-up abuse) and the API stage (per-vendor limit)', () => {
  type Rule = { Name: string; Statement: Record<string, Record<string, unknown>>; Action?: unknown; OverrideAction?: unknown; VisibilityConfig: Record<string, unknown> };
  const acl = () => {
    const all = resourcesOfType(s.json, 'AWS::WAFv2::WebACL');
    expect(all).toHaveLength(1);
    return { id: all[0]![0], p: props(all[0]![1]) };
  };
  const rule = (name: string) => (acl().p.Rules as Rule[]).find((r) => r.Name === name);
  const target = (operation: string) => ({
    ByteMatchStatement: {
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
      SearchString: `AWSCognitoIdentityProviderService.${operation}`,
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    },
  });

  it('is REGIONAL and associated with the user pool and the API stage', () => {
    expect(acl().p).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const associations = resourcesOfType(s.json, 'AWS::WAFv2::WebACLAssociation').map(([, a]) => props(a));
    expect(associations).toHaveLength(2);
    for (const a of associations) expect(a.WebACLArn).toEqual({ 'Fn::GetAtt': [acl().id, 'Arn'] });
    expect(associations.map((a) => a.ResourceArn)).toContainEqual({ 'Fn::GetAtt': [userPool()[0], 'Arn'] });
    const stage = resourcesOfType(s.json, 'AWS::ApiGateway::Stage')[0]![0];
    expect(JSON.stringify(associations.map((a) => a.ResourceArn))).toContain(`"/stages/",{"Ref":"${stage}"}`);
  });

  it('limits sign-ups, code resends and password resets per IP to wafSignUpIpLimit in 5 minutes', () => {
    const stmt = rule('SignUpPerIp')?.Statement.RateBasedStatement as Record<string, unknown>;
    expect(stmt).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_WAF_LIMITS.signUpIp, EvaluationWindowSec: 300 });
    expect(stmt.ScopeDownStatement).toEqual({
      OrStatement: { Statements: ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'].map(target) },
    });
    expect(rule('SignUpPerIp')?.Action).toEqual({ Block: {} });
  });

  it('limits every Cognito call per IP, and API requests per caller token (per vendor, whatever the IP: the API sees CloudFront\'s)', () => {
    expect(rule('CognitoPerIp')?.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_WAF_LIMITS.cognitoIp });
    const vendor = rule('ApiPerVendor')?.Statement.RateBasedStatement as Record<string, unknown>;
    expect(vendor).toMatchObject({
      AggregateKeyType: 'CUSTOM_KEYS',
      Limit: DEFAULT_WAF_LIMITS.vendor,
      CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
    });
    // Cognito calls are not counted against a vendor's API budget, nor API calls against the Cognito ones.
    expect(JSON.stringify(vendor.ScopeDownStatement)).toContain('NotStatement');
    expect(rule('ApiPerVendor')?.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
  });

  it('applies the AWS managed IP reputation and known-bad-inputs groups, with metrics and logs', () => {
    const managed = (acl().p.Rules as Rule[]).map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean);
    expect(managed).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet']);
    for (const r of acl().p.Rules as Rule[]) expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    const logging = resourcesOfType(s.json, 'AWS::WAFv2::LoggingConfiguration').map(([, l]) => props(l));
    expect(logging).toEqual([expect.objectContaining({ ResourceArn: { 'Fn::GetAtt': [acl().id, 'Arn'] }, RedactedFields: [{ SingleHeader: { Name: 'authorization' } }] })]);
  });
});

describe('web client', () => {
  it('cannot write custom:status, but can read it', () => {
    const client = webClient();
    expect(client.WriteAttributes).not.toContain('custom:status');
    expect(client.ReadAttributes).toContain('custom:status');
  });

  it('reads and writes exactly the attributes of contracts/auth.ts', () => {
    const client = webClient();
    expect([...(client.ReadAttributes as string[])].sort()).toEqual([...clientReadableAttributes].sort());
    expect([...(client.WriteAttributes as string[])].sort()).toEqual([...clientWritableAttributes].sort());
  });

  it('is a public client with the auth flows and token lifetimes of contracts/auth.ts', () => {
    const client = webClient();
    expect(client.GenerateSecret).toBe(false);
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual([...clientAuthFlows].sort());
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.IdTokenValidity).toBe(tokenValidity.idTokenMinutes);
    expect(client.AccessTokenValidity).toBe(tokenValidity.accessTokenMinutes);
    expect(client.RefreshTokenValidity).toBe(tokenValidity.refreshTokenDays * 24 * 60);
  });
});

describe('post-confirmation trigger', () => {
  const trigger = () =>
    functionByDescription(s.json, 'Cognito post-confirmation: a confirmed sign-up becomes a pending vendor application');

  it('is wired to the user pool, and Cognito may invoke it', () => {
    const [fnId] = trigger();
    expect(props(userPool()[1]).LambdaConfig).toEqual({ PostConfirmation: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    const permissions = resourcesOfType(s.json, 'AWS::Lambda::Permission').map(([, p]) => props(p));
    expect(permissions).toContainEqual(
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'cognito-idp.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [userPool()[0], 'Arn'] },
      }),
    );
  });

  it('alarms on a single failure: a vendor whose sign-up failed here has no application (docs/operations.md)', () => {
    const [fnId] = trigger();
    const errors = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm')
      .map(([, a]) => props(a))
      .filter((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnId}"`));
    expect(errors).toEqual([
      expect.objectContaining({
        Statistic: 'Sum',
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }],
      }),
    ]);
  });

  it('gets the tables contracts/triggers.ts lists, by their env vars', () => {
    const [, fn] = trigger();
    const env = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
    for (const key of Object.keys(cognitoTriggers.PostConfirmation.tables) as (keyof typeof tables)[]) {
      const name = tables[key].name.replace(/(^|-)([a-z])/g, (_m, _sep: string, c: string) => c.toUpperCase());
      expect(env[tables[key].envVar]).toEqual({ Ref: expect.stringMatching(new RegExp(`^Data${name}Table`)) });
    }
  });
});

describe('identity pool', () => {
  const roleByAmr = (amr: string): string => {
    const roles = resourcesOfType(s.json, 'AWS::IAM::Role').filter(([, r]) =>
      JSON.stringify(props(r).AssumeRolePolicyDocument).includes(`"cognito-identity.amazonaws.com:amr":"${amr}"`),
    );
    expect(roles).toHaveLength(1);
    return roles[0]![0];
  };

  it('admits only signed-in users of the web client', () => {
    const pools = resourcesOfType(s.json, 'AWS::Cognito::IdentityPool').map(([, p]) => props(p));
    expect(pools).toHaveLength(1);
    expect(pools[0]!.AllowUnauthenticatedIdentities).toBe(false);
    expect(pools[0]!.CognitoIdentityProviders).toEqual([
      expect.objectContaining({ ClientId: { Ref: expect.stringMatching(/^AuthUserPoolWebClient/) }, ServerSideTokenCheck: true }),
    ]);
  });

  const ownPrefix = {
    'Fn::Join': ['', [{ 'Fn::GetAtt': [expect.stringMatching(/^ProductImagesBucket/), 'Arn'] }, '/private/${cognito-identity.amazonaws.com:sub}/*']],
  };

  it("lets a signed-in user write only under their own private/<identity id>/ prefix of the product-images bucket", () => {
    const statements = statementsOfRole(s.json, roleByAmr('authenticated'));
    const allows = statements.filter((st) => st.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(asArray(statement.Resource)).toEqual([ownPrefix]);
    }
    for (const statement of allows) {
      for (const action of asArray(statement.Action as string | string[])) {
        expect(['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts']).toContain(action);
      }
    }
    const actions = allows.flatMap((st) => asArray(st.Action as string | string[]));
    expect(actions).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload']));
  });

  it('never lets them tag objects: an upload cannot mark itself referenced=yes and escape the expiry of unused uploads (lib/images.ts)', () => {
    const actions = statementsOfRole(s.json, roleByAmr('authenticated')).flatMap((st) => asArray(st.Action as string | string[]));
    expect(actions.filter((a) => /tagging|\*/i.test(a))).toEqual([]);
  });

  it('lets them only create objects, never overwrite one: a creating write without If-None-Match is denied', () => {
    const denies = statementsOfRole(s.json, roleByAmr('authenticated')).filter((st) => st.Effect !== 'Allow');
    expect(denies).toEqual([
      {
        Sid: 'CreateOnlyNeverOverwrite',
        Effect: 'Deny',
        Action: 's3:PutObject',
        Resource: ownPrefix,
        // S3's conditional-write keys: PutObject and CompleteMultipartUpload are creating writes;
        // CreateMultipartUpload and UploadPart (false) take no conditional header.
        Condition: { Null: { 's3:if-none-match': 'true' }, BoolIfExists: { 's3:ObjectCreationOperation': 'true' } },
      },
    ]);
  });

  it('hands the upload role only to approved vendors (group vendors) and denies credentials to anyone else', () => {
    const attachments = resourcesOfType(s.json, 'AWS::Cognito::IdentityPoolRoleAttachment').map(([, r]) => props(r));
    expect(attachments).toHaveLength(1);
    const mappings = Object.values(attachments[0]!.RoleMappings as Record<string, Record<string, unknown>>);
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({
      Type: 'Rules',
      AmbiguousRoleResolution: 'Deny',
      RulesConfiguration: {
        Rules: [{ Claim: 'cognito:groups', MatchType: 'Contains', Value: 'vendors', RoleARN: { 'Fn::GetAtt': [roleByAmr('authenticated'), 'Arn'] } }],
      },
    });
  });

  it('gives unauthenticated identities no permissions at all', () => {
    expect(statementsOfRole(s.json, roleByAmr('unauthenticated'))).toEqual([]);
  });
});
