#!/usr/bin/env node
/**
 * `helm template` and a schema check for deploy/helm/bakery, without helm or a cluster (neither is
 * on the development or CI machines).
 *
 * Rendering: the chart's templates are written in Go's text/template alone (no Sprig functions,
 * see templates/_helpers.tpl), and are executed here by Go's own text/template, compiled to
 * WebAssembly (@evertdespiegeleer/go-template): the same engine Helm runs, so the output is what
 * `helm template` gives, not an imitation. Around it this file does what Helm does before and
 * after: values.yaml merged with the given values (maps deep, anything else replaced, null
 * deletes), the merged values checked against values.schema.json, every `_*.tpl` partial's
 * defines made available to every template, `.Release` and `.Chart` provided, the output split
 * into YAML documents. One difference: a template that reads a key missing from the values is an
 * error here (Helm would print nothing), which only makes the check stricter. `.Files.Get "<path>"`
 * (a file of the chart, outside templates/) is given the file's content, as in Helm (see
 * inlineFiles: the engine here takes data, not methods).
 *
 * Validation: every rendered object against the Kubernetes API schemas of kubernetes-models (and
 * @kubernetes-models/prometheus-operator for PodMonitor): types, enums, required fields. Those
 * schemas let unknown fields through, which the API server and `helm install` refuse, so each
 * object is also walked against the models' TypeScript declarations (the same package), where
 * every field is named: an unknown field is reported with its path. CloudNativePG's Cluster and
 * ScheduledBackup have no models package: they are reported as not validated.
 *
 *   node deploy/tools/helm-template.mjs deploy/helm/bakery [-f values.yaml]... [--name bakery]
 *        [--namespace shop] [--validate]
 *   node deploy/tools/helm-template.mjs --batch < scenarios.json   # what the tests use
 *
 * --batch reads [{ "name", "values": {...}, "release"?, "namespace"? }] (the chart defaults to
 * deploy/helm/bakery) and prints [{ "name", "objects": [{ "source", "object" }], "notes",
 * "problems": [...], "skipped": [...] }] as JSON; a scenario that cannot render has "error".
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as renderGoTemplate } from '@evertdespiegeleer/go-template';
import { parseAllDocuments, parse as parseYaml, stringify } from 'yaml';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_CHART = path.join(REPO_ROOT, 'deploy/helm/bakery');

// ---- values ------------------------------------------------------------------------------------

function isMap(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Helm's coalescing of user values onto the chart's: maps merge key by key, any other value
 * (lists included) replaces the default, and null removes the key.
 */
export function mergeValues(defaults, overrides) {
  const result = { ...defaults };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === null) delete result[key];
    else if (isMap(value) && isMap(result[key])) result[key] = mergeValues(result[key], value);
    else result[key] = value;
  }
  return result;
}

// ---- the chart -----------------------------------------------------------------------------------

export function loadChart(chartDir = DEFAULT_CHART) {
  const read = (file) => readFileSync(path.join(chartDir, file), 'utf8');
  const templatesDir = path.join(chartDir, 'templates');
  const files = readdirSync(templatesDir).sort();
  const schemaFile = path.join(chartDir, 'values.schema.json');
  return {
    dir: chartDir,
    meta: parseYaml(read('Chart.yaml')),
    values: parseYaml(read('values.yaml')) ?? {},
    schema: existsSync(schemaFile) ? JSON.parse(readFileSync(schemaFile, 'utf8')) : null,
    // Helm renders every file of templates/ but the partials (`_*`); NOTES.txt is printed, not applied.
    partials: files.filter((f) => f.startsWith('_')).map((f) => readFileSync(path.join(templatesDir, f), 'utf8')),
    templates: files
      .filter((f) => !f.startsWith('_') && /\.(ya?ml|txt)$/.test(f))
      .map((f) => ({ name: f, text: readFileSync(path.join(templatesDir, f), 'utf8') })),
  };
}

/**
 * Runs one template through Go's text/template. The package's own wrapper loses the engine's
 * message on some errors, so after it has loaded the engine its `Render` is called directly: it
 * answers the output, or the engine's error behind a fixed prefix.
 */
async function execute(text, context, source) {
  if (typeof globalThis.Render !== 'function') await renderGoTemplate('', {});
  const out = globalThis.Render(text, JSON.stringify(context));
  const failure = /^(Template exec error|Template parse error|JSON parse error):\s*/.exec(out);
  if (failure) throw new Error(`${source}: ${out.slice(failure[0].length).replace(/template: tpl:/g, 'line ')}`);
  return out;
}

/**
 * Helm's `.Files.Get "<path>"`. The engine here is handed JSON data, which has no methods, so each
 * call is replaced before the template runs by the file's content as a Go raw string literal
 * (backquoted): what the call answers in Helm. The file must be in the chart, outside templates/,
 * and hold no backquote; a missing one is an error (Helm would answer ""). Error line numbers
 * after an inlined file of several lines are off by its line count.
 */
function inlineFiles(text, chartDir, source) {
  return text.replace(/\$?\.Files\.Get\s+"([^"\\]+)"/g, (_, file) => {
    const full = path.resolve(chartDir, file);
    if (!full.startsWith(`${chartDir}${path.sep}`) || file.startsWith('templates/') || !existsSync(full)) {
      throw new Error(`${source}: .Files.Get "${file}": no such file in the chart`);
    }
    const content = readFileSync(full, 'utf8');
    if (content.includes('`')) throw new Error(`${source}: .Files.Get "${file}": the file holds a backquote, which cannot be inlined`);
    return `\`${content}\``;
  });
}

let schemaValidator;
async function checkValues(schema, values) {
  if (!schema) return [];
  if (!schemaValidator) {
    const { default: Ajv } = await import('ajv');
    schemaValidator = new Ajv({ allErrors: true, strict: false }).compile(schema);
  }
  if (schemaValidator(values)) return [];
  return schemaValidator.errors.map((e) => `values${e.instancePath.replace(/\//g, '.')}: ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`);
}

/**
 * Renders the chart as `helm template` would: the objects of every manifest (with the template
 * that made each), and the NOTES.txt text. Throws with the template's name when one fails.
 */
export async function renderChart({ chart = loadChart(), values = {}, release = 'bakery', namespace = 'default' } = {}) {
  // Helm adds `global` (values shared with the dependencies) before it checks the schema.
  const merged = mergeValues({ global: {}, ...chart.values }, values);
  const problems = await checkValues(chart.schema, merged);
  if (problems.length) throw new Error(`values do not match values.schema.json:\n  ${problems.join('\n  ')}`);
  const context = {
    Values: merged,
    Release: { Name: release, Namespace: namespace, Service: 'Helm', IsInstall: true, IsUpgrade: false, Revision: 1 },
    Chart: { Name: chart.meta.name, Version: chart.meta.version, AppVersion: chart.meta.appVersion },
  };
  // Helm parses all the files into one set of templates; here each template is followed by the
  // partials, so their defines are there and the template's own line numbers stay right.
  const partials = chart.partials.join('\n');
  const objects = [];
  let notes = '';
  for (const template of chart.templates) {
    const source = `${chart.meta.name}/templates/${template.name}`;
    const text = await execute(`${inlineFiles(template.text, chart.dir, source)}\n${partials}`, context, source);
    if (template.name === 'NOTES.txt') {
      notes = text.trim();
      continue;
    }
    for (const doc of parseAllDocuments(text)) {
      if (doc.errors.length) throw new Error(`${source}: not YAML: ${doc.errors[0].message}\n${text}`);
      const object = doc.toJS();
      if (object !== null && object !== undefined) objects.push({ source, object });
    }
  }
  return { objects, notes, values: merged };
}

// ---- validation ----------------------------------------------------------------------------------

/** Where the model of an apiVersion/kind lives; null for kinds without a models package. */
function modelModule(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : [null, apiVersion];
  if (group === 'monitoring.coreos.com') return `@kubernetes-models/prometheus-operator/${group}/${version}/${kind}`;
  if (group === null || group.endsWith('.k8s.io') || !group.includes('.')) {
    return `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  }
  return null;
}

const models = new Map();
async function modelOf(module, kind) {
  if (!models.has(module)) models.set(module, (await import(module))[kind]);
  return models.get(module);
}

let fieldChecker;
/** Unknown fields, checked against the models' TypeScript declarations (see the top of the file). */
async function unknownFields(module, kind, object) {
  if (!fieldChecker) fieldChecker = await createFieldChecker();
  return fieldChecker(module, `I${kind}`, object);
}

async function createFieldChecker() {
  const { default: ts } = await import('typescript');
  const entry = path.join(REPO_ROOT, 'deploy/tools/__model-types__.mts');
  const options = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const cache = new Map();
  return (module, iface, object) => {
    const key = `${module}#${iface}`;
    if (!cache.has(key)) {
      // One small program per kind: only the declarations that kind reaches are read.
      const source = `import type { ${iface} } from ${JSON.stringify(module)};\nexport type Checked = ${iface};\n`;
      const host = ts.createCompilerHost(options);
      const readFile = host.readFile.bind(host);
      const getSourceFile = host.getSourceFile.bind(host);
      host.fileExists = ((fileExists) => (file) => file === entry || fileExists(file))(host.fileExists.bind(host));
      host.readFile = (file) => (file === entry ? source : readFile(file));
      host.getSourceFile = (file, language, ...rest) =>
        file === entry ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
      const program = ts.createProgram([entry], options, host);
      const checker = program.getTypeChecker();
      const alias = program.getSourceFile(entry).statements.find((s) => ts.isTypeAliasDeclaration(s));
      const type = checker.getTypeAtLocation(alias.name);
      if (type.flags & ts.TypeFlags.Any) throw new Error(`no declaration found for ${iface} in ${module}`);
      cache.set(key, { ts, checker, type });
    }
    const { ts: tsApi, checker, type } = cache.get(key);
    const problems = [];
    walk(tsApi, checker, object, type, '', problems);
    return problems;
  };
}

function walk(ts, checker, value, type, at, problems) {
  if (value === null || typeof value !== 'object') return;
  type = checker.getNonNullableType(type);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (type.isUnion()) {
    // e.g. IntOrString: take the first member under which the value has no unknown field
    const members = type.types.filter((t) => t.flags & ts.TypeFlags.Object);
    let best;
    for (const member of members) {
      const found = [];
      walk(ts, checker, value, member, at, found);
      if (!found.length) return;
      if (!best || found.length < best.length) best = found;
    }
    if (best) problems.push(...best);
    return;
  }
  if (Array.isArray(value)) {
    const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    if (element) value.forEach((item, i) => walk(ts, checker, item, element, `${at}[${i}]`, problems));
    return;
  }
  const stringIndex = checker.getIndexTypeOfType(type, ts.IndexKind.String);
  for (const [field, item] of Object.entries(value)) {
    const property = checker.getPropertyOfType(type, field);
    const where = at ? `${at}.${field}` : field;
    if (property) walk(ts, checker, item, checker.getTypeOfSymbol(property), where, problems);
    else if (stringIndex) walk(ts, checker, item, stringIndex, where, problems);
    else problems.push(`${where}: unknown field`);
  }
}

/**
 * Every problem of the rendered objects, as "<source> <Kind>/<name>: <what>", and the objects
 * that could not be checked (no schema for their kind).
 */
export async function validateObjects(objects) {
  const problems = [];
  const skipped = [];
  for (const { source, object } of objects) {
    const label = `${source} ${object?.kind}/${object?.metadata?.name}`;
    if (!object || typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
      problems.push(`${label}: no apiVersion or kind`);
      continue;
    }
    const module = modelModule(object.apiVersion, object.kind);
    if (!module) {
      skipped.push(`${label}: no schema for ${object.apiVersion}`);
      continue;
    }
    let Model;
    try {
      Model = await modelOf(module, object.kind);
    } catch {
      Model = undefined;
    }
    if (!Model) {
      problems.push(`${label}: unknown kind ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (err) {
      problems.push(`${label}: ${err.message}`);
    }
    for (const problem of await unknownFields(module, object.kind, object)) problems.push(`${label}: ${problem}`);
  }
  return { problems, skipped };
}

// ---- command line -----------------------------------------------------------------------------

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function batch() {
  const scenarios = JSON.parse(await readStdin());
  const chart = loadChart();
  const results = [];
  for (const scenario of scenarios) {
    try {
      const { objects, notes } = await renderChart({ chart, values: scenario.values, release: scenario.release, namespace: scenario.namespace });
      const { problems, skipped } = await validateObjects(objects);
      results.push({ name: scenario.name, objects, notes, problems, skipped });
    } catch (err) {
      results.push({ name: scenario.name, error: err.message });
    }
  }
  process.stdout.write(JSON.stringify(results));
}

async function template(args) {
  let chartDir = DEFAULT_CHART;
  let release = 'bakery';
  let namespace = 'default';
  let validate = false;
  let values = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '-f' || arg === '--values') values = mergeValues(values, parseYaml(readFileSync(args[++i], 'utf8')) ?? {});
    else if (arg === '--name') release = args[++i];
    else if (arg === '--namespace' || arg === '-n') namespace = args[++i];
    else if (arg === '--validate') validate = true;
    else if (!arg.startsWith('-')) chartDir = path.resolve(arg);
    else throw new Error(`unknown option ${arg}`);
  }
  const { objects } = await renderChart({ chart: loadChart(chartDir), values, release, namespace });
  for (const { source, object } of objects) process.stdout.write(`---\n# Source: ${source}\n${stringify(object)}`);
  if (validate) {
    const { problems, skipped } = await validateObjects(objects);
    for (const s of skipped) process.stderr.write(`not validated: ${s}\n`);
    for (const p of problems) process.stderr.write(`INVALID ${p}\n`);
    process.stderr.write(`${objects.length} objects, ${problems.length} problems\n`);
    if (problems.length) process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  (args[0] === '--batch' ? batch() : template(args)).catch((err) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
