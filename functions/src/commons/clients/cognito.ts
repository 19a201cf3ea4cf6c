/** Cognito client, created once per container (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export const cognito = new CognitoIdentityProviderClient({});
