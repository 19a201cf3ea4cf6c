import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; never log secrets, tokens or document URLs. */
export const logger = new Logger({ serviceName: 'kalan' });
