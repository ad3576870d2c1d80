import { CustomResource, Duration, Validations, type CfnElement } from 'aws-cdk-lib';
import { KeyGroup, PublicKey, type IKeyGroup } from 'aws-cdk-lib/aws-cloudfront';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { productImageRenditions } from '../contracts/buckets';
import { imageUrlKeyFunction } from '../contracts/functions';
import { nagRef } from './guard';
import { AppFunction } from './lambda-function';
import type { StageSettings } from './settings';

/**
 * The key group CloudFront checks signed product-image URLs with (issue 23): the `/renditions/*`
 * behaviour of the site's distribution trusts it (lib/site.ts), the API functions that show images
 * sign with its private key (lambdas/shared/image-urls.ts, connectImageUrls below).
 *
 * CloudFront needs an RSA 2048 public key, and CDK cannot make a key pair: a custom resource does,
 * on the first deploy, with no step by hand (lambdas/images/url-key-handler.ts). The private key
 * lives only in a Secrets Manager secret made here (its first value is a random placeholder the
 * custom resource replaces); the public key goes into a CloudFront public key and key group. Later
 * deploys keep the pair. Rotation: docs/operations.md ("Signed image URLs: rotating the key").
 */
export class ImageUrlSigning extends Construct {
  /** The private key (PEM); the API functions read it (GetSecretValue, once per container). */
  readonly secret: Secret;
  readonly publicKey: PublicKey;
  /** What the distribution's `/renditions/*` behaviour trusts. */
  readonly keyGroup: IKeyGroup;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { settings } = props;
    this.secret = new Secret(this, 'PrivateKey', {
      description: `Seller Portal ${settings.stage}: private key of signed product image URLs (PEM); written at deploy time by the ImageUrlKeyPair custom resource, never by hand`,
      // A placeholder: the custom resource replaces it with the private key on the first deploy.
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A new signing key must reach CloudFront\'s key group before URLs are signed with it, and URLs signed with the old one stay valid for up to 75 minutes: rotation is a deploy that adds a second public key (docs/operations.md), not a Secrets Manager rotation Lambda, which could not update the key group.',
    });

    const fn = new AppFunction(this, 'KeyPairFunction', {
      entry: imageUrlKeyFunction.entry,
      description: imageUrlKeyFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      // RSA key generation takes a moment on a small function.
      timeout: Duration.seconds(60),
    });
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], resources: [this.secret.secretArn] }));

    const keyPair = new CustomResource(this, 'KeyPair', {
      serviceToken: fn.functionArn,
      resourceType: 'Custom::ImageUrlKeyPair',
      properties: { SecretArn: this.secret.secretArn },
    });
    this.publicKey = new PublicKey(this, 'PublicKey', {
      encodedKey: keyPair.getAttString('PublicKeyPem'),
      comment: `Seller Portal ${settings.stage}: signed product image URLs`,
    });
    this.keyGroup = new KeyGroup(this, 'KeyGroup', {
      items: [this.publicKey],
      comment: `Seller Portal ${settings.stage}: signed product image URLs (/renditions/*)`,
    });
  }
}

/** What connectImageUrls gives the functions that show product images. */
export interface ImageUrlResources {
  signing: ImageUrlSigning;
  /** The renditions bucket (lib/images.ts ProductImages.renditionsBucket). */
  renditions: IBucket;
}

/**
 * Lets API functions hand out signed rendition URLs and clean renditions up (issue 23): env
 * IMAGE_URL_KEY_PAIR_ID (the public key's id) and IMAGE_URL_KEY_SECRET_ARN with GetSecretValue on that
 * secret only; env RENDITIONS_BUCKET with PutObjectTagging (renditions of accepted images are kept:
 * `referenced=yes`) and DeleteObject (with the images no version references any more) under
 * `renditions/` only. For the functions that show or delete product images: the listings function
 * and the ops console's review function (they sign with lambdas/shared/image-urls.ts).
 */
export function connectImageUrls(functions: readonly AppFunction[], resources: ImageUrlResources): void {
  const { signing, renditions } = resources;
  for (const fn of functions) {
    fn.addEnvironment('IMAGE_URL_KEY_PAIR_ID', signing.publicKey.publicKeyId);
    fn.addEnvironment('IMAGE_URL_KEY_SECRET_ARN', signing.secret.secretArn);
    fn.addEnvironment('RENDITIONS_BUCKET', renditions.bucketName);
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['secretsmanager:GetSecretValue'], resources: [signing.secret.secretArn] }));
    fn.addToRolePolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:PutObjectTagging', 's3:DeleteObject'], resources: [renditions.arnForObjects(`${productImageRenditions.prefix}*`)] }),
    );
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagRef(fn, renditions.node.defaultChild as CfnElement)}/${productImageRenditions.prefix}*]`,
      reason: 'PutObjectTagging and DeleteObject only, only renditions: they belong to the product images the function accepts (tags them kept) or deletes, under each vendor\'s identity, which the handler limits to the caller\'s own.',
    });
  }
}
