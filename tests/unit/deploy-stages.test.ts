/** infra/stages.ts: the stages, their settings and the rules those settings must follow. */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BEDROCK_MODEL_ID, LOG_RETENTION_DAYS, paystackSecretName, stackNames, STAGES, stageSettings } from '../../infra/stages.js';

const dev = { production: false, logRetentionDays: 14 };

describe('the stages of infra/stages.ts', () => {
  it('are valid: production with its alarm address and a year of logs, dev without', () => {
    expect(stageSettings('prod')).toMatchObject({ name: 'prod', production: true, alarmEmail: STAGES.prod.alarmEmail, logRetentionDays: 365 });
    expect(stageSettings('dev')).toMatchObject({ name: 'dev', production: false, logRetentionDays: 14 });
    expect(stageSettings('dev').alarmEmail).toBeUndefined();
  });

  it('include a personal stage dev-<name> with the settings of dev', () => {
    const { name, ...personal } = stageSettings('dev-aminata');
    const { name: devName, ...devSettings } = stageSettings('dev');
    expect([name, devName]).toEqual(['dev-aminata', 'dev']);
    expect(personal).toEqual(devSettings);
    expect(stageSettings('dev-awa-2').production).toBe(false);
  });

  it('refuse any other name, listing the valid ones', () => {
    for (const name of ['staging', 'Dev-Awa', 'dev-', 'dev--x', 'dev-aminata-kone-abidjan', 'constructor', '__proto__']) {
      expect(() => stageSettings(name), name).toThrow(/^Stage inconnu « .* »( \(une pile personnelle : dev-[\w-]+\))?\. Stages valides : prod, dev, ou dev-<nom> \(minuscules, chiffres et tirets, 20 caractères au plus\) ; voir infra\/stages\.ts\.$/);
    }
    expect(() => stageSettings('staging')).toThrow('Stage inconnu « staging » (une pile personnelle : dev-staging).');
  });

  it('name the Paystack secret after the stage', () => {
    expect(paystackSecretName('dev-aminata')).toBe('kalan/dev-aminata/paystack-secret-key');
  });
});

describe('stage settings', () => {
  it('default the Bedrock model, accept another, and null to turn Bedrock off', () => {
    expect(stageSettings('dev').bedrockModelId).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(DEFAULT_BEDROCK_MODEL_ID).toBe('eu.amazon.nova-lite-v1:0');
    expect(stageSettings('x', { x: { ...dev, bedrockModelId: 'eu.anthropic.claude-3-haiku-20240307-v1:0' } }).bedrockModelId).toBe(
      'eu.anthropic.claude-3-haiku-20240307-v1:0',
    );
    expect(stageSettings('x', { x: { ...dev, bedrockModelId: null } }).bedrockModelId).toBeNull();
  });

  it('require an alarm address in production', () => {
    expect(() => stageSettings('prod', { prod: { production: true, logRetentionDays: 365 } })).toThrow(
      'Réglages invalides pour le stage « prod » dans infra/stages.ts : alarmEmail : la production doit avoir une adresse alarmEmail',
    );
  });

  it('accept only the retention periods CloudWatch Logs knows', () => {
    expect(() => stageSettings('x', { x: { ...dev, logRetentionDays: 10 } })).toThrow(/logRetentionDays : une des durées de CloudWatch Logs : 1, 3, 5/);
    const cdkValues = Object.values(RetentionDays).filter((v): v is number => typeof v === 'number' && v !== RetentionDays.INFINITE);
    expect([...LOG_RETENTION_DAYS].sort((a, b) => a - b)).toEqual(cdkValues.sort((a, b) => a - b));
  });

  it('check the account, the region, the alarm address and the domain certificate (CloudFront wants us-east-1)', () => {
    const invalid = (extra: object) => () => stageSettings('x', { x: { ...dev, ...extra } });
    expect(invalid({ account: '1234' })).toThrow(/account : 12 chiffres/);
    expect(invalid({ region: 'paris' })).toThrow(/region : une région AWS/);
    expect(invalid({ alarmEmail: 'ops' })).toThrow(/alarmEmail/);
    expect(invalid({ domain: { name: 'kalan.ci', certificateArn: 'arn:aws:acm:eu-west-3:123456789012:certificate/abc' } })).toThrow(
      /domain.certificateArn : un certificat ACM de us-east-1/,
    );
    expect(invalid({ tableName: 'kalan' })).toThrow(/Unrecognized key/);
    expect(stageSettings('x', { x: { ...dev, account: '123456789012', region: 'eu-west-3' } })).toMatchObject({ account: '123456789012', region: 'eu-west-3' });
  });
});

describe("CloudFront's WAF (issue 28)", () => {
  const pinRegion =
    'region : la production et tout stage avec un domaine doivent fixer leur région (par exemple eu-west-3) : ' +
    'le pare-feu (WAF) de CloudFront est dans une pile de us-east-1 que la pile du stage lit par une référence entre régions';
  const domain = { name: 'kalan.ci', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };

  it('is deployed for production: prod pins its region, so it has its us-east-1 edge stack', () => {
    expect(stageSettings('prod').region).toBe('eu-west-3');
    expect(stackNames(stageSettings('prod'))).toEqual({ main: 'Kalan-prod', edge: 'Kalan-prod-edge' });
  });

  it('makes production and a stage with a domain pin their region', () => {
    const { region, ...prodWithoutRegion } = STAGES.prod;
    expect(region).toBeDefined();
    expect(() => stageSettings('prod', { prod: prodWithoutRegion })).toThrow(`Réglages invalides pour le stage « prod » dans infra/stages.ts : ${pinRegion}`);
    expect(() => stageSettings('x', { x: { ...dev, domain } })).toThrow(`Réglages invalides pour le stage « x » dans infra/stages.ts : ${pinRegion}`);
    expect(stageSettings('x', { x: { ...dev, domain, region: 'eu-west-1' } }).region).toBe('eu-west-1');
  });

  it('is left out of a dev stage that pins no region (one stack), and deployed when it pins one', () => {
    expect(stageSettings('dev').region).toBeUndefined();
    expect(stackNames(stageSettings('dev-aminata'))).toEqual({ main: 'Kalan-dev-aminata', edge: undefined });
    expect(stackNames(stageSettings('x', { x: { ...dev, region: 'eu-west-3' } }))).toEqual({ main: 'Kalan-x', edge: 'Kalan-x-edge' });
  });
});
