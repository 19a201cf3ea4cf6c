/**
 * What IAM cannot enforce about the ledger, enforced in the code and checked here. Ledger lines
 * live in their transaction's partition (`TX#<id>` / `LEDGER#…`), so a LeadingKeys condition
 * cannot keep the other writers of `TX#` items (booking, rating, closing a dispute) away from them;
 * their policies deny requests naming a ledger attribute (infra/lib/kalan-function.ts), which still
 * leaves a Put or an Update that names none. So: one module writes ledger lines, only for an action
 * that moves money, and no function whose row is not a ledger writer can reach such an action.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { TransactionAction } from '#shared/transaction-process';
import { movementOf } from '#shared/transaction-process';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { PERMISSIONS } from '../../infra/lib/permissions.js';

const SRC = join(REPO_ROOT, 'functions', 'src');
const sources = new Map<string, ts.SourceFile>();
function source(file: string): ts.SourceFile {
  let parsed = sources.get(file);
  if (!parsed) {
    parsed = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    sources.set(file, parsed);
  }
  return parsed;
}
const allFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
const name = (file: string) => relative(SRC, file);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The files of functions/src a module loads at run time (type-only imports left out). */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const statement of source(file).statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
      if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral | undefined)?.text;
      if (!specifier) continue;
      const target = specifier.startsWith('#commons/')
        ? join(SRC, 'commons', `${specifier.slice('#commons/'.length)}.ts`)
        : specifier.startsWith('.')
          ? join(dirname(file), specifier.replace(/\.js$/, '.ts'))
          : null;
      if (target?.startsWith(SRC)) pending.push(target);
    }
  }
  return [...seen];
}

/** `X.build(Builder)` calls: [entity, builder]. */
function builds(file: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  walk(source(file), (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'build' &&
      ts.isIdentifier(node.expression.expression) &&
      node.arguments[0] &&
      ts.isIdentifier(node.arguments[0])
    ) {
      found.push([node.expression.expression.text, node.arguments[0].text]);
    }
  });
  return found;
}

/** The `action` of every `applyTransition({...})` call: a literal, or null when it is not one. */
function transitionActions(file: string): Array<{ action: string | null; line: number }> {
  const found: Array<{ action: string | null; line: number }> = [];
  const sourceFile = source(file);
  walk(sourceFile, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'applyTransition') return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const [request] = node.arguments;
    const property =
      request && ts.isObjectLiteralExpression(request)
        ? request.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'action')
        : undefined;
    const value = property?.initializer;
    found.push({ action: value && ts.isStringLiteral(value) ? value.text : null, line });
  });
  return found;
}

const WRITE_BUILDERS = /^(Put|Update|Delete)(Item)?(Command|Transaction)$|^Batch(Put|Delete)Request$/;

describe('ledger lines (what IAM cannot separate from their transaction)', () => {
  it('are written by one module only, escrow/transitions.ts', () => {
    const writers = allFiles(SRC).filter((file) => builds(file).some(([entity, builder]) => entity === 'LedgerLineEntity' && WRITE_BUILDERS.test(builder)));
    expect(writers.map(name)).toEqual(['escrow/transitions.ts']);
  });

  it('are reached only through the entities: no module but the shared client writes to DynamoDB directly', () => {
    // Reading past the entities is allowed (the admin counters' one-off recount scans the table).
    const READS = new Set(['ScanCommand', 'QueryCommand', 'GetCommand', 'BatchGetCommand']);
    const direct = allFiles(SRC).filter((file) =>
      source(file).statements.some(
        (s) =>
          ts.isImportDeclaration(s) &&
          !s.importClause?.isTypeOnly &&
          /^@aws-sdk\/(client-dynamodb|lib-dynamodb)$/.test((s.moduleSpecifier as ts.StringLiteral).text) &&
          !(
            s.importClause?.namedBindings &&
            ts.isNamedImports(s.importClause.namedBindings) &&
            !s.importClause.name &&
            s.importClause.namedBindings.elements.every((element) => element.isTypeOnly || READS.has((element.propertyName ?? element.name).text))
          ),
      ),
    );
    expect(direct.map(name)).toEqual(['commons/clients/dynamodb.ts']);
  });

  it('are written by no function whose row is not a ledger writer: every transition it can apply moves no money', () => {
    const problems: string[] = [];
    for (const [handlerModule, row] of Object.entries(PERMISSIONS)) {
      if (row.ledger) continue;
      for (const file of closure(join(SRC, `${handlerModule}.ts`))) {
        for (const { action, line } of transitionActions(file)) {
          if (action === null) problems.push(`${handlerModule}: ${name(file)}:${line} applies a transition whose action is not a literal`);
          else if (movementOf(action as TransactionAction)) problems.push(`${handlerModule}: ${name(file)}:${line} applies '${action}', which moves money`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('would be caught: the check sees the transitions of the non-ledger functions', () => {
    // The booking fails an uninitialised payment, the rating opens a dispute: both reached, neither moves money.
    const reached = (handlerModule: string) =>
      closure(join(SRC, `${handlerModule}.ts`)).flatMap((file) => transitionActions(file).map(({ action }) => action));
    expect(reached('payments/initialize')).toEqual(['expire_payment']);
    expect(reached('transactions/rate')).toEqual(['dispute']);
    expect(movementOf('release')).toBe('release');
  });
});
