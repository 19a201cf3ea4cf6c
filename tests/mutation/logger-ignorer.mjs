// @ts-check
/**
 * A StrykerJS ignorer (stryker.config.mjs → `ignorers`): the arguments of `logger.*(…)` calls are
 * log lines — operators read them, no rule does — so their string and object mutants are reported
 * as ignored instead of as survivors. Mutants of the code around the call (the enclosing block,
 * its conditions) are still tried.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const LEVELS = new Set(['debug', 'info', 'warn', 'error', 'critical']);

/** @param {any} node */
function isLoggerCall(node) {
  return (
    node?.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === 'logger' &&
    node.callee.property.type === 'Identifier' &&
    LEVELS.has(node.callee.property.name)
  );
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'logger', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      if (path.isExpressionStatement() && isLoggerCall(path.node.expression)) {
        return 'A log line: read by operators, by no rule and no test.';
      }
      return undefined;
    },
  }),
];
