/**
 * What a bundled Lambda uses in place of the SDK's default credential chain
 * (`@aws-sdk/credential-provider-node`, aliased to this module by infra/lib/kalan-function.ts):
 * Lambda always hands its role's credentials through the environment, so the chain's other
 * sources (SSO, INI files, STS web identity, instance metadata…) are dead weight — about 130 KB of
 * every bundle. Code run outside a bundle (the local stack, tests) keeps the default chain.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
