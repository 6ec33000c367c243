import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Storage = ReturnType<typeof getMetadataStorage>;
type Grouped = Record<string, ValidationMetadata[]>;

const installed = new WeakSet<Storage>();

/**
 * class-validator looks a class's rules up on every validation by walking every class it knows
 * (an `instanceof` per registered class, for inherited rules), then groups them by property: with
 * the contracts' few hundred classes that was 3-4% of a service's CPU per message (catalog's and
 * ordering's profiles under checkout, the gateway's under cart adds). A class's rules do not change
 * once its module has loaded, so both answers are remembered per class and options, and all of it
 * is forgotten whenever class-validator registers another rule or schema (a class loaded later).
 * Installed once per metadata storage; validation answers exactly as before.
 */
export function rememberValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (installed.has(storage)) return;
  installed.add(storage);
  let byClass = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();
  const forget = () => {
    byClass = new WeakMap();
    grouped = new WeakMap();
  };

  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return lookup(target, schema, always, strictGroups, groups);
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let answers = byClass.get(target);
    if (!answers) byClass.set(target, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = lookup(target, schema, always, strictGroups, groups)));
    return answer;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let answer = grouped.get(metadata);
    if (!answer) grouped.set(metadata, (answer = group(metadata)));
    return answer;
  };

  for (const method of ['addValidationMetadata', 'addValidationSchema', 'addConstraintMetadata'] as const) {
    const add = (storage[method] as (arg: never) => void).bind(storage);
    (storage[method] as (arg: never) => void) = (arg: never) => {
      forget();
      add(arg);
    };
  }
}
