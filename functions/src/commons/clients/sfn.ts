/** Step Functions client, created once per container (AWS_ENDPOINT_URL_SFN locally). */
import { SFNClient } from '@aws-sdk/client-sfn';

export const sfn = new SFNClient({});
