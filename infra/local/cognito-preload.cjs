/**
 * Preloaded into cognito-local (node --require). Its store (stormdb) saves a whole pool file with
 * concurrent fs.writeFile calls, and the last write to finish wins: a sign-up and the group
 * membership its PostConfirmation trigger adds can overwrite each other on disk, and a restart
 * then loses the membership. Writes are serialised per file, in call order, with the data as it
 * was when the write was asked for.
 */
const fs = require('node:fs');
const path = require('node:path');

const cognitoLocalDir = path.dirname(require.resolve('cognito-local/package.json'));
const LocalEngine = require(require.resolve('stormdb', { paths: [cognitoLocalDir] })).localFileEngine;
const queues = new Map();
const originalWrite = LocalEngine.prototype.write;

LocalEngine.prototype.write = function write(data) {
  if (!this.async) return originalWrite.call(this, data);
  const text = this.serialize(data);
  const previous = queues.get(this.path) ?? Promise.resolve();
  const next = previous.then(() => fs.promises.writeFile(this.path, text));
  queues.set(this.path, next.catch(() => undefined));
  return next;
};

// Accounts as Cognito has them: mailbox, password policy, write attributes, case-insensitive e-mails.
require('./cognito-accounts.cjs');
