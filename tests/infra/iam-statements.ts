/**
 * Prints, per Kalan Lambda, how many IAM statements its role's policies hold and what they grant
 * on the table: `npx tsx tests/infra/iam-statements.ts` (the figure issue 11 asks for).
 */
import { kalanFunctions, logicalId, synthesize, type CfnResource } from './synthesize.js';

const { stack, template } = synthesize();
const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
const policies = Object.values(template.findResources('AWS::IAM::Policy')) as CfnResource[];
const tableId = logicalId(stack.data.table);

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
const rows = kalanFunctions(stack).map((fn) => {
  const roleId = functions[logicalId(fn)]!.Properties.Role['Fn::GetAtt'][0] as string;
  const statements = policies
    .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
  const onTable = statements.filter((s) => JSON.stringify(s.Resource).includes(tableId));
  const tableActions = new Set(onTable.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:')));
  const writes = [...tableActions].some((a) => /PutItem|UpdateItem|DeleteItem|BatchWriteItem/.test(a));
  const reads = [...tableActions].some((a) => /GetItem|Query|Scan|BatchGetItem/.test(a));
  return {
    module: fn.handlerModule,
    statements: statements.length,
    actions: statements.reduce((n, s) => n + [s.Action].flat().length, 0),
    table: reads && writes ? 'read-write' : writes ? 'write' : reads ? 'read' : 'none',
    conditioned: onTable.length > 0 && onTable.every((s) => s.Condition !== undefined) ? 'yes' : onTable.length ? 'no' : '-',
  };
});
rows.sort((a, b) => a.module.localeCompare(b.module));
const pad = (value: string | number, width: number) => String(value).padEnd(width);
console.log(`${pad('handler module', 36)}${pad('statements', 12)}${pad('actions', 9)}${pad('table', 12)}LeadingKeys`);
for (const r of rows) console.log(`${pad(r.module, 36)}${pad(r.statements, 12)}${pad(r.actions, 9)}${pad(r.table, 12)}${r.conditioned}`);
const total = (key: 'statements' | 'actions') => rows.reduce((n, r) => n + r[key], 0);
const count = (access: string) => rows.filter((r) => r.table === access).length;
console.log(
  `${rows.length} functions, ${total('statements')} statements, ${total('actions')} actions; table: ` +
    `${count('read-write')} read-write, ${count('write')} write, ${count('read')} read, ${count('none')} none`,
);
