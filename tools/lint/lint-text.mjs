#!/usr/bin/env node
/**
 * Lints pieces of code as if they were files of the repository, with the repository's own
 * eslint.config.mjs, through ESLint's Node API (`new ESLint({ cwd })`, `lintText(code, { filePath })`).
 * Reads `[{ code, filePath }]` (paths from the repository root, existing or not) as JSON on
 * stdin and prints `[{ filePath, messages: [{ ruleId, message }] }]` as JSON.
 *
 * It runs as a process of its own because ESLint loads its flat config with `import()`, which
 * jest's module sandbox does not offer: lint-boundaries.spec.ts spawns it once for all its samples.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const samples = JSON.parse(input);

const eslint = new ESLint({ cwd: ROOT });
const results = [];
for (const { code, filePath } of samples) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  results.push({ filePath, messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));
