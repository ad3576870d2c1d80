import { Aws, Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolEmail,
  UserPoolClientIdentityProvider,
  type UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
  type AuthFlow,
  type StandardAttributesMask,
} from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { cognitoTriggers } from '../contracts/triggers';
import {
  clientAuthFlows,
  clientReadableAttributes,
  clientWritableAttributes,
  customAttributes,
  GROUPS,
  mfaSettings,
  passwordPolicy,
  tokenValidity,
} from '../contracts/auth';
import { productImagesBucket } from '../contracts/buckets';
import type { Data } from './data';
import { AppFunction } from './lambda-function';
import type { StageSettings } from './settings';

/** Cognito's standard attribute names → the CDK mask flag. */
const STANDARD_ATTRIBUTE_FLAGS: Record<string, keyof StandardAttributesMask> = {
  address: 'address',
  birthdate: 'birthdate',
  email: 'email',
  email_verified: 'emailVerified',
  family_name: 'familyName',
  gender: 'gender',
  given_name: 'givenName',
  locale: 'locale',
  middle_name: 'middleName',
  name: 'fullname',
  nickname: 'nickname',
  phone_number: 'phoneNumber',
  phone_number_verified: 'phoneNumberVerified',
  picture: 'profilePicture',
  preferred_username: 'preferredUsername',
  profile: 'profilePage',
  updated_at: 'lastUpdateTime',
  website: 'website',
  zoneinfo: 'timezone',
};

/** Turns attribute names as Cognito spells them (`email`, `custom:status`) into ClientAttributes. */
export function clientAttributes(names: readonly string[]): ClientAttributes {
  const standard: Record<string, boolean> = {};
  const custom: string[] = [];
  for (const name of names) {
    if (name.startsWith('custom:')) {
      custom.push(name.slice('custom:'.length));
      continue;
    }
    const flag = STANDARD_ATTRIBUTE_FLAGS[name];
    if (!flag) throw new Error(`Unknown Cognito attribute "${name}" in contracts/auth.ts`);
    standard[flag] = true;
  }
  return new ClientAttributes().withStandardAttributes(standard as StandardAttributesMask).withCustomAttributes(...custom);
}

const AUTH_FLOW_FLAGS: Record<(typeof clientAuthFlows)[number], keyof AuthFlow | null> = {
  ALLOW_USER_SRP_AUTH: 'userSrp',
  ALLOW_USER_PASSWORD_AUTH: 'userPassword',
  // Always enabled by Cognito (and CDK) for a client with any flow.
  ALLOW_REFRESH_TOKEN_AUTH: null,
};

function authFlows(): AuthFlow {
  const flows: Partial<Record<keyof AuthFlow, boolean>> = {};
  for (const flow of clientAuthFlows) {
    const flag = AUTH_FLOW_FLAGS[flow];
    if (flag) flows[flag] = true;
  }
  return flows;
}

export interface AuthProps {
  settings: StageSettings;
  data: Data;
  /** The product-images bucket: signed-in users may write under their own prefix of it. */
  productImages: IBucket;
}

/**
 * Sign-in for vendors and operations staff: a user pool built from `contracts/auth.ts`
 * (the local cognito-local pool reads the same file), the web client, the post-confirmation
 * trigger that turns a confirmed sign-up into a vendor application, and an identity pool that
 * gives signed-in users S3 credentials for their own upload prefix only.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly identityPool: IdentityPool;
  readonly postConfirmation: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { settings } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        locale: { required: false, mutable: true },
      },
      customAttributes: Object.fromEntries(
        Object.entries(customAttributes).map(([name, def]) => [
          name,
          new StringAttribute({ minLen: def.minLen, maxLen: def.maxLen, mutable: def.mutable }),
        ]),
      ),
      passwordPolicy: { ...passwordPolicy, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Two-step sign-in with an authenticator app, chosen by each user (contracts/auth.ts mfaSettings).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: mfaSettings.sms, otp: mfaSettings.totp },
      // Threat protection (compromised credentials, risky sign-ins) needs the Plus plan, billed per
      // monthly active user: on (enforced) in prod by default, off elsewhere (-c threatProtection).
      ...(settings.threatProtection === 'off'
        ? { featurePlan: FeaturePlan.ESSENTIALS }
        : {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode:
              settings.threatProtection === 'enforced' ? StandardThreatProtectionMode.FULL_FUNCTION : StandardThreatProtectionMode.AUDIT_ONLY,
          }),
      // Cognito's own sender stops at about 50 e-mails a day: SES for any real traffic, from the one
      // identity the notifier uses too, once it is verified (Cognito refuses an unverified one).
      ...(settings.sender.cognitoViaSes
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: settings.sender.fromEmail,
              fromName: settings.sender.fromName,
              // The stack is environment-agnostic: the identity is in the deploy region, where the notifier sends from.
              sesRegion: Aws.REGION,
              ...(settings.sender.domain ? { sesVerifiedDomain: settings.sender.domain } : {}),
            }),
          }
        : {}),
      deletionProtection: settings.isProd,
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'MFA is optional (authenticator app, TOTP): each vendor turns it on in Account settings; requiring it for every vendor is a marketplace policy decision, not the default (docs/decisions.md, "Two-step sign-in").',
    });
    if (settings.threatProtection === 'off') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection is off on this stage (-c threatProtection; prod defaults to enforced): the Plus plan is billed per monthly active user, and the regional web ACL limits sign-ups per IP.',
      });
    }

    for (const group of Object.values(GROUPS)) {
      this.userPool.addGroup(`${pascal(group.name)}Group`, { groupName: group.name, description: group.description });
    }

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: authFlows(),
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.minutes(tokenValidity.idTokenMinutes),
      accessTokenValidity: Duration.minutes(tokenValidity.accessTokenMinutes),
      refreshTokenValidity: Duration.days(tokenValidity.refreshTokenDays),
      readAttributes: clientAttributes(clientReadableAttributes),
      // custom:status is set by the server only: a vendor must not be able to approve themselves.
      writeAttributes: clientAttributes(clientWritableAttributes),
    });

    const trigger = cognitoTriggers.PostConfirmation;
    this.postConfirmation = new AppFunction(this, 'PostConfirmation', {
      entry: trigger.entry,
      description: 'Cognito post-confirmation: a confirmed sign-up becomes a pending vendor application',
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      logRemovalPolicy: settings.removalPolicy,
    });
    props.data.connect(this.postConfirmation, trigger.tables);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);

    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [new UserPoolAuthenticationProvider({ userPool: this.userPool, userPoolClient: this.webClient })],
      },
    });
    this.allowOwnPrefixUploads(props.productImages);
    this.onlyApprovedVendorsGetCredentials();
  }

  /**
   * Only members of the `vendors` group (approved vendors; the review adds them) receive the
   * upload role. Anyone else signed in (pending, rejected, no record, ops) matches no rule, and an
   * unmatched identity is denied credentials rather than given the default authenticated role.
   */
  private onlyApprovedVendorsGetCredentials(): void {
    this.identityPool.roleAttachment.roleMappings = {
      approvedVendorsOnly: {
        type: 'Rules',
        ambiguousRoleResolution: 'Deny',
        identityProvider: `${this.userPool.userPoolProviderName}:${this.webClient.userPoolClientId}`,
        rulesConfiguration: {
          rules: [{ claim: 'cognito:groups', matchType: 'Contains', value: GROUPS.vendors.name, roleArn: this.identityPool.authenticatedRole.roleArn }],
        },
      },
    };
  }

  /**
   * Signed-in users may put, read and delete objects, including multipart uploads, under
   * `private/<their identity id>/` of the bucket, and nothing else: the prefix is the identity
   * pool's own `${cognito-identity.amazonaws.com:sub}` policy variable, not a value from the client.
   *
   * They may only create objects, never write over one: a write that creates the object
   * (PutObject, CompleteMultipartUpload; S3's `s3:ObjectCreationOperation`) must carry
   * `If-None-Match: *` (S3's conditional write; its `s3:if-none-match` key), which S3 refuses with
   * 412 when the key exists. Otherwise an image could be swapped after its check and its review.
   * CreateMultipartUpload and UploadPart take no conditional header and create nothing, so they
   * stay allowed (`s3:ObjectCreationOperation` false). A copy onto a key is refused too (S3 accepts
   * no If-None-Match on CopyObject). The server-side check rejects overwrites as well
   * (lambdas/images/check-handler.ts), which covers delete-then-write and the local s3rver.
   */
  private allowOwnPrefixUploads(bucket: IBucket): void {
    const ownPrefix = `${productImagesBucket.vendorPrefix}\${cognito-identity.amazonaws.com:sub}/*`;
    const role = this.identityPool.authenticatedRole;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        resources: [bucket.arnForObjects(ownPrefix)],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'CreateOnlyNeverOverwrite',
        effect: Effect.DENY,
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(ownPrefix)],
        conditions: {
          Null: { 's3:if-none-match': 'true' },
          // IfExists: a creating write S3 did not label is refused too; part uploads are labelled false.
          BoolIfExists: { 's3:ObjectCreationOperation': 'true' },
        },
      }),
    );
    const bucketLogicalId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(role).acknowledge({
      // cdk-nag renders the policy variable ${x} as <x>.
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${ownPrefix.replace(/\$\{([^}]+)\}/g, '<$1>')}]`,
      reason: "The wildcard is below the caller's own prefix private/${cognito-identity.amazonaws.com:sub}/: an identity reaches only its own objects.",
    });
  }
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
